// Pieces of the review page: arrows for a play on the board, the equity graph, the
// per-player summary and how numbers are written.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { BAR, OFF, RESERVE, placeCount, slotCenter } from "./board.js";
import { theirPlace } from "./variants.js";
import { h } from "./dom.js";
import { graphWidth } from "./rating_graph.js";
import { t } from "./i18n.js";

/** A signed equity as the review writes it: +0.123. */
export function equity(x) {
  if (x === null || x === undefined) return "";
  const text = Math.abs(x).toFixed(3);
  return `${x >= 0 || Number(text) === 0 ? "+" : "−"}${text}`;
}

/** A mark's short sign, as analysis programs write them after a move. */
export function markSign(mark) {
  return { doubtful: "?!", bad: "?", "very bad": "??" }[mark] || "";
}

export function markName(mark) {
  return mark ? t(`review.mark_${mark.replace(" ", "_")}`) : "";
}

/**
 * The words of a rollout that settled a decision's values (``rollout``: its games and
 * truncation, INTERFACES.md §5): a short marker and the tooltip that says what it means.
 */
export function rolloutWords(rollout) {
  return {
    text: t("review.rolled_out", { games: rollout.games }),
    title: t("review.rolled_out_title", { games: rollout.games, plies: rollout.truncate }),
  };
}

/** The marker of a rolled-out decision or candidate play; null for one judged by looking ahead. */
export function rolledOut(rollout) {
  if (!rollout) return null;
  const { text, title } = rolloutWords(rollout);
  return h("span", { class: "rolled-out", "data-rollout": String(rollout.games), title }, text);
}

/** The viewer's place of a step's end, for the player who moves (0 sees its own numbers). */
function place(n, mover, variant) {
  if (mover === 0) {
    if (n === 25) return BAR;
    if (n === 26) return RESERVE;
    return n === 0 ? OFF : n;
  }
  return theirPlace(n, variant);
}

/** SVG arrows for ``steps`` of ``mover`` on a board drawn from ``model`` (viewer: seat 0),
 * to put inside the board's <svg>; ``kind`` is "played" or "best". */
export function arrowsSVG(model, steps, mover, kind) {
  if (!steps || !steps.length) return "";
  const counts = new Map();
  const index = mover === 0 ? 0 : 1;
  const start = (p) => {
    const stack = placeCount(model.position, p)[index];
    const used = counts.get(p) || 0;
    counts.set(p, used + 1);
    return slotCenter(model, p, Math.max(stack - 1 - used, 0), Math.max(stack, 1));
  };
  const landed = new Map();
  const end = (p) => {
    const stack = placeCount(model.position, p)[index];
    const n = landed.get(p) || 0;
    landed.set(p, n + 1);
    return slotCenter(model, p, Math.min(stack + n, 6), stack + n + 1);
  };
  const out = [`<g class="review-arrows ${kind}" data-arrows="${kind}">`];
  out.push(`<defs><marker id="head-${kind}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>`);
  for (const [from, to] of steps) {
    const a = start(place(from, mover, model.variant));
    const b = end(place(to, mover, model.variant));
    out.push(`<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" marker-end="url(#head-${kind})"/>`);
  }
  out.push("</g>");
  return out.join("");
}

const GRAPH = { H: 190, left: 56, right: 10, top: 10, bottom: 34 };

/** The graph of player 0's chances through the match: its match winning chance in a
 * match, its chance to win the game otherwise, with labelled axes and a legend for its
 * marks. ``points`` are {y, frame, mark}; ``bounds`` the indices where a game starts;
 * ``at`` the current frame; ``go(frame)`` is called when a point is clicked. */
export function graphView(points, bounds, at, go, label) {
  const { H, left, right, top, bottom } = GRAPH;
  const W = graphWidth();
  const n = Math.max(points.length - 1, 1);
  const x = (i) => left + ((W - left - right) * i) / n;
  const y = (v) => H - bottom - (H - top - bottom) * v;
  const svg = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="graph-svg" role="img" aria-label="${label}">`];
  svg.push(`<rect class="graph-bg" x="${left}" y="${top}" width="${W - left - right}" height="${H - top - bottom}"/>`);
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.push(`<line class="${v === 0.5 ? "graph-half" : "graph-grid"}" x1="${left}" y1="${y(v)}" x2="${W - right}" y2="${y(v)}"/>`);
    svg.push(`<text class="graph-tick" x="${left - 5}" y="${y(v) + 4}" text-anchor="end">${100 * v}%</text>`);
  }
  bounds.forEach((b, g) => {
    svg.push(`<line class="graph-game" x1="${x(b)}" y1="${top}" x2="${x(b)}" y2="${H - bottom}"/>`);
    svg.push(`<text class="graph-tick" x="${x(b) + 3}" y="${top + 11}">${t("review.graph_game", { n: g + 2 })}</text>`);
  });
  svg.push(`<text class="graph-tick" x="${left}" y="${H - bottom + 14}">1</text>`);
  svg.push(`<text class="graph-tick" x="${W - right}" y="${H - bottom + 14}" text-anchor="end">${points.length}</text>`);
  svg.push(`<text class="graph-axis" x="${(left + W - right) / 2}" y="${H - 4}" text-anchor="middle">${t("review.axis_rolls")}</text>`);
  svg.push(`<text class="graph-axis" transform="translate(12 ${(top + H - bottom) / 2}) rotate(-90)" text-anchor="middle">${t("review.axis_chance")}</text>`);
  svg.push(`<polyline class="graph-line" points="${points.map((p, i) => `${x(i)},${y(p.y)}`).join(" ")}"/>`);
  const current = points.findIndex((p) => p.frame >= at);
  if (current >= 0) svg.push(`<line class="graph-now" x1="${x(current)}" y1="${top}" x2="${x(current)}" y2="${H - bottom}"/>`);
  points.forEach((p, i) => {
    const cls = p.mark ? ` graph-mark ${p.mark.replace(" ", "-")}` : "";
    const r = p.mark === "very bad" ? 6 : p.mark ? 4.5 : 6;
    svg.push(`<circle class="graph-point${cls}" cx="${x(i)}" cy="${y(p.y)}" r="${r}" data-frame="${p.frame}"/>`);
  });
  svg.push("</svg>");
  const box = h("div", { class: "graph", id: "review-graph" });
  box.innerHTML = svg.join("");
  box.addEventListener("click", (e) => {
    const frame = e.target && e.target.dataset && e.target.dataset.frame;
    if (frame !== undefined) go(Number(frame));
  });
  return h("div", {}, box, graphLegend());
}

/** What the graph's line and marks mean. */
function graphLegend() {
  const swatch = (cls) => h("span", { class: `swatch ${cls}`, "aria-hidden": "true" });
  return h("p", { class: "legend small", id: "review-graph-legend" },
    h("span", { class: "item" }, swatch("line"), t("review.legend_line")), " ",
    h("span", { class: "item" }, swatch("now"), t("review.legend_now")), " ",
    ...["doubtful", "bad", "very bad"].map((m) => h("span", { class: "item", "data-legend": m },
      swatch(`mark ${m.replace(" ", "-")}`), `${markSign(m)} ${markName(m)}`)));
}

/** A match winning chance gained, in percentage points: +12.5%. */
export function percent(v) {
  return `${v >= 0 ? "+" : "−"}${Math.abs(100 * v).toFixed(1)}%`;
}

/** The rows of the summary: the label's key, its one-line explanation's key and the cell. */
function summaryRows(review) {
  const match = review.unit === "match";
  const result = (v) => (match ? percent(v) : equity(v));
  const marks = Object.fromEntries(Object.entries(review.marks || { doubtful: 0.04, bad: 0.08, "very bad": 0.16 }).map(([k, v]) => [k.replace(" ", "_"), v.toFixed(2)]));
  return [
    ["review.decisions", "review.explain_decisions", (s) => s.decisions],
    ["review.moves_count", null, (s) => s.moves],
    ["review.cube_count", null, (s) => s.cube_decisions],
    ["review.error_total", "review.explain_error_total", (s) => s.error_total.toFixed(3)],
    ["review.error_rate", "review.explain_error_rate", (s) => s.error_rate.toFixed(1)],
    ["review.pr", "review.explain_pr", (s) => s.pr.toFixed(1)],
    ["review.rating", "review.explain_rating", (s) => t(`rating.${s.rating.replace(" ", "_")}`)],
    ["review.marked", ["review.explain_marked", marks], (s) => `${s.marks.doubtful} / ${s.marks.bad} / ${s.marks["very bad"]}`],
    ["review.luck", "review.explain_luck", (s) => equity(s.luck_total)],
    [match ? "review.result_match" : "review.result_points", match ? "review.explain_result_match" : "review.explain_result_points", (s) => result(s.result)],
    [match ? "review.luck_adjusted_match" : "review.luck_adjusted", match ? "review.explain_adjusted_match" : "review.explain_adjusted_points", (s) => result(s.luck_adjusted)],
  ];
}

/** The per-player summary table of the review: every number with its unit in the row's
 * name and a line that says what it is (shown, not a tooltip: phones have no hover). */
export function summaryTable(review, players) {
  const rows = summaryRows(review).map(([key, explain, cell]) => {
    const [words, values] = Array.isArray(explain) ? explain : [explain, {}];
    const id = key.replace("review.", "").replace(/^result_\w+$/, "result").replace("luck_adjusted_match", "luck_adjusted");
    return h("tr", { "data-row": id },
      h("th", { scope: "row" }, t(key), words ? h("span", { class: "explain" }, t(words, values)) : null),
      ...review.summary.map((s) => h("td", {}, String(cell(s)))));
  });
  return h("table", { class: "review-summary", id: "review-summary" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...players.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, ...rows));
}
