// Time controls: the server's presets (seconds per move plus a reserve per match point).
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

/** How a table's clock reads in the lobby: "Rapid · 12 s + 60 s/pt". */
export function clockLabel(clock) {
  if (!clock) return "";
  if (clock.preset) {
    return t("time.label", { name: t(`time.${clock.preset}`), move: clock.move, per_point: clock.per_point });
  }
  return t("time.custom", { move: clock.move, reserve: Math.round(clock.reserve / 60) });
}

/** A select of "no clock" and every preset. */
export function timeControlSelect(id, value, onchange) {
  const select = h("select", { id, onchange: (e) => onchange(e.target.value) },
    h("option", { value: "", selected: !value }, t("time.none")));
  for (const preset of presets || []) {
    select.append(h("option", { value: preset.name, selected: preset.name === value },
      t("time.option", { name: t(`time.${preset.name}`), move: preset.move, per_point: preset.per_point })));
  }
  return select;
}
