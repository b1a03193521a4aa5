// The lobby's "your turn" list: every correspondence table waiting for your move, soonest
// deadline first, with the time left at each.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { seatName, settingsSummary, variantName } from "../common.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { timeLeft } from "../turns.js";

function line(turn) {
  return h("li", { "data-table": turn.table },
    h("div", { class: "what" }, h("strong", {}, variantName(turn.variant)), " ",
      h("span", { class: "muted" }, settingsSummary(turn.variant, { match_to: turn.match_to })),
      turn.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null),
    h("div", { class: "muted" }, h("span", { class: "players", "data-names": "1" }, seatName(turn.opponent, turn.opponent_computer) || t("table.empty_seat")),
      " · ", h("span", { class: "time-left", "data-left": Math.round(turn.left) }, t("turns.left", { time: timeLeft(turn.left) }))),
    h("a", { class: "button primary", href: `#/table/${turn.table}`, "data-play": turn.table }, t("turns.play")));
}

/** The list; null when no table waits for you. */
export function turnsCard(turns) {
  if (!turns.length) return null;
  return h("section", { class: "card your-turn", id: "your-turn", "aria-labelledby": "turns-title" },
    h("h2", { id: "turns-title" }, t("turns.title")),
    h("ul", { class: "tables", id: "turns" }, ...turns.map(line)));
}
