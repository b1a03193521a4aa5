// The table's move list: the plays of the game so far (the state's ``moves``), each with
// its mover (the chip of the mover's colour, as on the players' bars, and the name for
// screen readers and on hover), its dice and its text as the mover writes it; beside the
// board on a desktop, under it on a phone (the side panel's place), scrolled to the newest.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { colourOf, playText } from "../common.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The move list card of ``state``; ``nameOf`` names a mover (a seat, or a chouette
 * side). ``{box, list}``: scroll ``list`` once the card is in the page. */
export function moveListCard(state, nameOf) {
  const plays = state.moves || [];
  const game = state.last_play ? state.last_play.game : state.game;
  const title = h("h2", { id: "moves-title" }, t("replay.moves"), plays.length ? h("span", { class: "muted" }, ` · ${t("replay.game", { n: game })}`) : null);
  const list = h("ol", { class: "table-moves", id: "table-moves", tabindex: "0", "aria-labelledby": "moves-title" });
  const view = { variant: state.variant, starter: plays.length ? plays[0].player : state.starter }; // a game's first play is its starter's
  plays.forEach((play, i) => {
    list.append(h("li", { "data-play": String(i), "data-player": String(play.player) },
      h("span", { class: "n" }, `${i + 1}.`),
      h("span", { class: "who", title: nameOf(play.player) },
        h("span", { class: `chip ${colourOf(view, play.player)}`, "aria-hidden": "true" }),
        h("span", { class: "mover sr-only" }, nameOf(play.player))),
      h("span", { class: "dice" }, (play.dice || []).join("–")),
      h("span", { class: "play" }, playText(play))));
  });
  if (!plays.length) list.append(h("li", { class: "muted" }, t("table.no_moves")));
  const box = h("section", { class: "moves card", "aria-labelledby": "moves-title" }, title, list);
  return { box, list };
}
