// The leaderboard of each game (#/ratings/{variant}): Glicko-2 ratings of registered players
// and of the computer's levels.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { variantName } from "./common.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { botMark, holderName, ratingText } from "./profile.js";
import { errorText } from "./refusals.js";
import { rulesLink } from "./rules_link.js";
import { VARIANTS } from "./variants.js";

export function ratingsView(root, variant) {
  const chosen = VARIANTS.includes(variant) ? variant : VARIANTS[0];
  const page = h("div", { class: "ratings", id: "ratings" });
  clear(root).append(page);
  let board = null;
  let problem = null;

  async function load() {
    try {
      board = await api(`/api/ratings/${chosen}`);
    } catch (error) {
      problem = errorText(error);
    }
    render();
  }

  function render() {
    const tabs = h("nav", { class: "tabs", "aria-label": t("ratings.tabs") },
      VARIANTS.map((v) => h("a", { href: `#/ratings/${v}`, "aria-current": v === chosen ? "page" : null }, variantName(v))));
    const body = [];
    if (problem) body.push(h("p", { id: "ratings-error" }, problem));
    else if (!board) body.push(h("p", { class: "muted" }, "…"));
    else if (!board.players.length) body.push(h("p", { class: "muted", id: "ratings-empty" }, t("ratings.none")));
    else body.push(table(board.players));
    clear(page).append(h("section", { class: "card" },
      h("h1", {}, t("ratings.title", { game: variantName(chosen) })),
      tabs,
      h("p", { class: "muted" }, t("ratings.explain")),
      ...body,
      h("p", {}, rulesLink(chosen))));
  }

  function table(players) {
    return h("div", { class: "scroll-x" }, h("table", { class: "stats", id: "leaderboard" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("ratings.rank")),
        h("th", { scope: "col" }, t("ratings.player")),
        h("th", { scope: "col" }, t("ratings.rating")),
        h("th", { scope: "col" }, t("ratings.games")),
        h("th", { scope: "col" }, t("ratings.wins")))),
      h("tbody", {}, players.map((p) => h("tr", { "data-player": p.id, class: p.computer ? "computer" : null },
        h("td", {}, String(p.rank)),
        h("th", { scope: "row" }, h("a", { href: `#/player/${encodeURIComponent(p.id)}` }, holderName(p)), " ", botMark(p)),
        h("td", { class: "rating", title: p.provisional ? t("ratings.provisional") : null }, ratingText(p), h("span", { class: "muted" }, ` ±${Math.round(p.deviation)}`)),
        h("td", {}, String(p.games)),
        h("td", {}, String(p.wins)))))));
  }

  load();
  return { rerender: render, close() {} };
}
