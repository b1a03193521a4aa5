// Pieces of the review page: arrows for a play on the board, the equity graph, the
// per-player summary and how numbers are written.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { BAR, OFF, RESERVE, placeCount, slotCenter } from "./board.js";
import { theirPlace } from "./variants.js";
import { h } from "./dom.js";
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

/** The graph of player 0's chances through the match: its match winning chance in a
 * match, its chance to win the game otherwise. ``points`` are {x, y, frame}; ``at`` the
 * current frame; ``go(frame)`` is called when a point is clicked. */
export function graphView(points, bounds, at, go, label) {
  const W = 640;
  const H = 150;
  const pad = 8;
  const n = Math.max(points.length - 1, 1);
  const x = (i) => pad + ((W - 2 * pad) * i) / n;
  const y = (v) => H - pad - (H - 2 * pad) * v;
  const svg = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="graph-svg" role="img" aria-label="${label}">`];
  svg.push(`<rect class="graph-bg" x="0" y="0" width="${W}" height="${H}" rx="8"/>`);
  svg.push(`<line class="graph-half" x1="${pad}" y1="${y(0.5)}" x2="${W - pad}" y2="${y(0.5)}"/>`);
  for (const b of bounds) svg.push(`<line class="graph-game" x1="${x(b)}" y1="${pad}" x2="${x(b)}" y2="${H - pad}"/>`);
  svg.push(`<polyline class="graph-line" points="${points.map((p, i) => `${x(i)},${y(p.y)}`).join(" ")}"/>`);
  const current = points.findIndex((p) => p.frame >= at);
  if (current >= 0) svg.push(`<line class="graph-now" x1="${x(current)}" y1="${pad}" x2="${x(current)}" y2="${H - pad}"/>`);
  points.forEach((p, i) => {
    const cls = p.mark ? ` graph-mark ${p.mark.replace(" ", "-")}` : "";
    svg.push(`<circle class="graph-point${cls}" cx="${x(i)}" cy="${y(p.y)}" r="${p.mark ? 4 : 6}" data-frame="${p.frame}"/>`);
  });
  svg.push("</svg>");
  const box = h("div", { class: "graph", id: "review-graph" });
  box.innerHTML = svg.join("");
  box.addEventListener("click", (e) => {
    const frame = e.target && e.target.dataset && e.target.dataset.frame;
    if (frame !== undefined) go(Number(frame));
  });
  return box;
}

/** The per-player summary table of the review. */
export function summaryTable(review, players) {
  const match = review.unit === "match";
  const result = (v) => (match ? `${v >= 0 ? "+" : "−"}${Math.abs(100 * v).toFixed(1)}%` : equity(v));
  const rows = [
    ["review.decisions", (s) => s.decisions],
    ["review.moves_count", (s) => s.moves],
    ["review.cube_count", (s) => s.cube_decisions],
    ["review.error_total", (s) => s.error_total.toFixed(3)],
    ["review.error_rate", (s) => s.error_rate.toFixed(1)],
    ["review.pr", (s) => s.pr.toFixed(2)],
    ["review.rating", (s) => t(`rating.${s.rating.replace(" ", "_")}`)],
    ["review.marked", (s) => `${s.marks.doubtful} / ${s.marks.bad} / ${s.marks["very bad"]}`],
    ["review.luck", (s) => equity(s.luck_total)],
    [match ? "review.result_match" : "review.result_points", (s) => result(s.result)],
    ["review.luck_adjusted", (s) => result(s.luck_adjusted)],
  ];
  return h("table", { class: "review-summary", id: "review-summary" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...players.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, ...rows.map(([key, cell]) =>
      h("tr", {}, h("th", { scope: "row" }, t(key)), ...review.summary.map((s) => h("td", {}, String(cell(s))))))));
}
