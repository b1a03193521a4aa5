// What the lobby says of a computer level: the strength measured for it (docs/STRENGTH.md),
// in the reader's language, under the level's choice.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { h } from "../dom.js";
import { language, t } from "../i18n.js";
import { strengthOf } from "../variants.js";

/** The measured strength of ``level`` in ``variant`` in words ("" when none was measured). */
export function strengthText(variant, level) {
  const m = strengthOf(variant, level);
  if (!m) return "";
  const lang = language();
  const points = new Intl.NumberFormat(lang, { signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const share = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 });
  return t("level.measured", {
    opponent: t(`opponent.${m.opponent}`),
    points: points.format(m.points),
    low: points.format(m.low),
    high: points.format(m.high),
    wins: share.format(m.wins),
    games: new Intl.NumberFormat(lang).format(m.games),
  });
}

/** A line showing it, kept up to date by ``show(variant, level)``. */
export function strengthLine(id, variant, level) {
  const line = h("small", { class: "muted level-strength", id, "aria-live": "polite" });
  line.show = (v, l) => { line.textContent = strengthText(v, l); };
  line.show(variant, level);
  return line;
}
