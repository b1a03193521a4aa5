// The dice statistics: every roll the server has served, its 21 outcomes against their
// chances (a double 1/36, any other 2/36) with a chi-square test, and the six faces.
// The numbers come from GET /api/dice/stats (src/nardy/server/http/dice_stats.py).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";

/** A bar ``percent`` wide (set through the style object: the page's CSP allows no
 * style attributes). */
function bar(percent) {
  const el = h("span", { class: "bar" });
  el.style.width = `${Math.round(percent)}%`;
  return el;
}

function fixed(x, digits) {
  return x === null || x === undefined ? "–" : Number(x).toFixed(digits);
}

export function diceStatsView(root) {
  const page = h("div", { class: "dice-page dice-stats" });
  clear(root).append(page);
  let stats = null;
  let failure = null;

  async function load() {
    try {
      stats = await api("/api/dice/stats");
    } catch (error) {
      failure = errorText(error);
    }
    render();
  }

  function verdict(p) {
    if (p === null || p === undefined) return t("stats.no_rolls");
    return p < 0.01 ? t("stats.unlikely") : t("stats.fits");
  }

  function render() {
    clear(page);
    page.append(h("h1", {}, t("stats.title")), h("p", {}, t("stats.explain")));
    if (failure) return page.append(h("p", { class: "bad" }, failure));
    if (!stats) return page.append(h("p", { class: "muted" }, t("stats.loading")));
    const o = stats.outcomes;
    const f = stats.faces;
    const maximum = Math.max(1, ...o.outcomes.map((row) => Math.max(row.count, row.expected)));
    const rows = o.outcomes.map((row) => h("tr", { "data-roll": row.roll.join("-") },
      h("th", { scope: "row" }, row.roll.join("-")),
      h("td", { class: "num" }, String(row.count)),
      h("td", { class: "num" }, fixed(row.expected, 1)),
      h("td", {}, bar((100 * row.count) / maximum))));
    page.append(
      h("section", { class: "card", id: "stats-outcomes" },
        h("h2", {}, t("stats.outcomes")),
        h("p", { id: "stats-total" }, t("stats.total", { n: o.rolls })),
        h("p", { id: "stats-test" }, t("stats.test", { chi: fixed(o.chi_square, 2), df: o.df, p: fixed(o.p_value, 4) }),
          " ", h("strong", {}, verdict(o.p_value))),
        h("table", { class: "stats-table" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("stats.roll")), h("th", { scope: "col" }, t("stats.count")),
            h("th", { scope: "col" }, t("stats.expected")), h("th", { scope: "col" }, t("stats.share")))),
          h("tbody", {}, ...rows))),
      h("section", { class: "card", id: "stats-faces" },
        h("h2", {}, t("stats.faces")),
        h("p", {}, t("stats.total_dice", { n: f.dice })),
        h("p", { id: "stats-faces-test" }, t("stats.test", { chi: fixed(f.chi_square, 2), df: f.df, p: fixed(f.p_value, 4) }),
          " ", h("strong", {}, verdict(f.p_value))),
        h("table", { class: "stats-table" },
          h("thead", {}, h("tr", {}, ...[1, 2, 3, 4, 5, 6].map((face) => h("th", { scope: "col" }, String(face))))),
          h("tbody", {}, h("tr", {}, ...f.faces.map((count) => h("td", { class: "num" }, String(count))))))),
      h("p", { class: "muted" }, t("stats.why_21")),
      h("p", { class: "links" }, h("a", { href: "#/dice" }, t("dice.title"))));
  }

  load();
  return { rerender: render, close() {} };
}
