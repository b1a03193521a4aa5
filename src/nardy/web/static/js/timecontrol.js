// Time controls: the server's presets (seconds per move plus a reserve per match point,
// or days a move by correspondence).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

let presets = null;

/** The presets of GET /api/time-controls, fetched once. */
export async function timeControls() {
  if (!presets) {
    try {
      presets = await api("/api/time-controls");
    } catch {
      presets = [];
    }
  }
  return presets;
}

/** Whether the preset called ``name`` is played by correspondence (days a move). */
export function isCorrespondence(name) {
  return (presets || []).some((p) => p.name === name && p.correspondence);
}

/** How a table's clock reads in the lobby: "Rapid · 12 s + 60 s/pt", or a
 * correspondence preset's name ("Correspondence, 1 day a move"). */
export function clockLabel(clock) {
  if (!clock) return "";
  if (clock.correspondence && clock.preset) return t(`time.${clock.preset}`);
  if (clock.preset) {
    return t("time.label", { name: t(`time.${clock.preset}`), move: clock.move, per_point: clock.per_point });
  }
  return t("time.custom", { move: clock.move, reserve: Math.round(clock.reserve / 60) });
}

/** A select of "no clock" and every preset (``byDays``: the correspondence ones only). */
export function timeControlSelect(id, value, onchange, byDays = false) {
  const select = h("select", { id, onchange: (e) => onchange(e.target.value) },
    h("option", { value: "", selected: !value }, t("time.none")));
  for (const preset of presets || []) {
    if (byDays && !preset.correspondence) continue;
    const text = preset.correspondence
      ? t("time.option_days", { name: t(`time.${preset.name}`), hours: Math.round(preset.per_point / 3600) })
      : t("time.option", { name: t(`time.${preset.name}`), move: preset.move, per_point: preset.per_point });
    select.append(h("option", { value: preset.name, selected: preset.name === value }, text));
  }
  return select;
}
