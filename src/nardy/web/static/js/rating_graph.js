// The graph of a player's rating through time, one line per variant, drawn as SVG from
// GET /api/players/{id}/ratings (docs/PROTOCOL.md): labelled axes, a legend of the variants.
// Written here rather than taken from a chart library: it is one small picture, and the
// client has no build step to bring one in.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { variantName } from "./common.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

const H = 240;
const LEFT = 56;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 40;

/** Round numbers from ``low`` to ``high`` for the rating axis, about four of them. */
export function ticks(low, high) {
  const span = Math.max(high - low, 1);
  const step = [10, 20, 25, 50, 100, 200, 250, 500].find((s) => span / s <= 5) || 1000;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) out.push(v);
  return out;
}

/** The drawing's width: about the window's, so that its words keep their size on a phone. */
export function graphWidth() {
  return Math.round(Math.min(Math.max(window.innerWidth - 48, 300), 900));
}

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" });
}

/** The card with the graph, or null when the player has no rated result. */
export function ratingGraph(history) {
  const W = graphWidth();
  const lines = (history && history.variants || []).filter((v) => v.points.length > 1);
  if (!lines.length) return null;
  const all = lines.flatMap((v) => v.points);
  const ratings = all.map((p) => p.rating);
  const pad = 20;
  const low = Math.floor((Math.min(...ratings) - pad) / 10) * 10;
  const high = Math.ceil((Math.max(...ratings) + pad) / 10) * 10;
  // Along the bottom, the results in the order they came (a start point just before its
  // variant's first result): evenly spaced, however the days between them vary.
  const order = [...all].sort((a, b) => a.at - b.at || (b.before ? 1 : 0) - (a.before ? 1 : 0));
  const rank = new Map(order.map((p, i) => [p, i]));
  const first = order[0].at;
  const last = order[order.length - 1].at;
  const x = (p) => LEFT + ((W - LEFT - RIGHT) * rank.get(p)) / Math.max(order.length - 1, 1);
  const y = (r) => TOP + ((H - TOP - BOTTOM) * (high - r)) / (high - low);
  const svg = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="graph-svg rating-svg" role="img" aria-label="${t("profile.rating_graph")}">`];
  svg.push(`<rect class="graph-bg" x="${LEFT}" y="${TOP}" width="${W - LEFT - RIGHT}" height="${H - TOP - BOTTOM}"/>`);
  for (const v of ticks(low, high)) {
    svg.push(`<line class="graph-grid" x1="${LEFT}" y1="${y(v)}" x2="${W - RIGHT}" y2="${y(v)}"/>`);
    svg.push(`<text class="graph-tick" x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`);
  }
  svg.push(`<text class="graph-tick" x="${LEFT}" y="${H - BOTTOM + 16}">${day(first)}</text>`);
  if (order.length > 2 && last > first) svg.push(`<text class="graph-tick" x="${W - RIGHT}" y="${H - BOTTOM + 16}" text-anchor="end">${day(last)}</text>`);
  svg.push(`<text class="graph-axis" x="${(LEFT + W - RIGHT) / 2}" y="${H - 6}" text-anchor="middle">${t("profile.axis_results")}</text>`);
  svg.push(`<text class="graph-axis" transform="translate(14 ${(TOP + H - BOTTOM) / 2}) rotate(-90)" text-anchor="middle">${t("profile.axis_rating")}</text>`);
  lines.forEach((v, i) => {
    const path = v.points.map((p) => `${x(p).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
    svg.push(`<polyline class="rating-line series-${i % 4}" data-variant="${v.variant}" points="${path}"/>`);
    for (const p of v.points) {
      svg.push(`<circle class="rating-point series-${i % 4}" cx="${x(p).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="3.5"><title>${variantName(v.variant)} · ${day(p.at)} · ${Math.round(p.rating)} ±${Math.round(p.deviation)}</title></circle>`);
    }
  });
  svg.push("</svg>");
  const graph = h("div", { class: "graph", id: "rating-graph" });
  graph.innerHTML = svg.join("");
  const legend = h("p", { class: "legend small", id: "rating-legend" },
    ...lines.map((v, i) => h("span", { class: `key series-${i % 4}`, "data-variant": v.variant }, variantName(v.variant), " ",
      h("span", { class: "muted" }, String(Math.round(v.points[v.points.length - 1].rating))))));
  return h("section", { class: "card", id: "profile-rating-graph" },
    h("h2", {}, t("profile.rating_graph")),
    graph,
    legend,
    h("p", { class: "small muted" }, t("profile.rating_graph_note")));
}
