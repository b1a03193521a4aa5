// The board in SVG, drawn from a position seen by the viewer (INTERFACES.md §1).
// The board knows no rules: it draws what it is given, marks the places it is told are
// sources and targets of legal steps, and the last move it is told of.
// SPDX-License-Identifier: AGPL-3.0-or-later

import {
  BAR, GEOMETRY, OFF, RESERVE, edgeOn, homeHalfX, isPoint, placeCount, placeRect, pointX, sideX, slotCenter,
} from "./board-geometry.js";
import { t } from "./i18n.js";
import { facts } from "./variants.js";

export { BAR, GEOMETRY, OFF, RESERVE, placeAt, placeCount, placeRect, slotCenter } from "./board-geometry.js";

const { SIDE, PW, BAR_W, W, H, STRIP, FIELD_TOP, FIELD_BOTTOM, MID, R, TIP, LEFT_FIELD, BAR_X, RIGHT_FIELD, SLAB, TRAY_H } = GEOMETRY;

export function checker(colour, x, y, extra = "", cls = "") {
  return (
    `<g class="checker ${colour}${cls ? ` ${cls}` : ""}" ${extra}>` +
    `<circle cx="${x}" cy="${y + 1.5}" r="${R}" class="shadow"/>` +
    `<circle cx="${x}" cy="${y}" r="${R}" class="body"/>` +
    `<circle cx="${x}" cy="${y}" r="${R - 7}" class="ring"/>` +
    `</g>`
  );
}

function slab(colour, x, y) {
  return `<rect class="slab ${colour}" x="${x - 15}" y="${y - SLAB / 2}" width="30" height="${SLAB}" rx="3"/>`;
}

function stack(model, place, count, colour, out) {
  for (let i = 0; i < count; i++) {
    const { x, y } = slotCenter(model, place, i, count);
    out.push(edgeOn(place) ? slab(colour, x, y) : checker(colour, x, y, `data-stack="${place}"`));
  }
  if (edgeOn(place) ? count > 0 : count > 5) {
    let { x, y } = slotCenter(model, place, count - 1, count);
    if (edgeOn(place)) {
      const upper = place === "ooff" || place === "ores";
      y = upper ? y + 18 : y - 18;
      out.push(`<text class="count edge" x="${x}" y="${y + 4}">${count}</text>`);
    } else {
      out.push(`<text class="count ${colour}" x="${x}" y="${y + 5}">${count}</text>`);
    }
  }
}

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** One die as SVG: a rounded square with its pips. */
export function die(x, y, size, value, cls) {
  const c = size / 2;
  const off = size * 0.26;
  let s = `<g class="die ${cls}" data-die="${value}"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}"/>`;
  for (const [dx, dy] of PIPS[value] || []) {
    s += `<circle cx="${x + c + dx * off}" cy="${y + c + dy * off}" r="${size * 0.09}"/>`;
  }
  return s + "</g>";
}

/** A die on its own, for text (the opening roll beside a name). */
export function dieSVG(value, colour) {
  return `<svg class="die-icon" viewBox="0 0 24 24" aria-hidden="true">${die(1, 1, 22, value, colour)}</svg>`;
}

const DEFS = `<defs>
  <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" class="wood-1"/><stop offset="0.5" class="wood-2"/><stop offset="1" class="wood-3"/>
  </linearGradient>
  <linearGradient id="felt" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" class="felt-1"/><stop offset="1" class="felt-2"/>
  </linearGradient>
  <radialGradient id="g-light" cx="0.4" cy="0.35" r="0.7">
    <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e2d7c4"/>
  </radialGradient>
  <radialGradient id="g-dark" cx="0.4" cy="0.35" r="0.7">
    <stop offset="0" stop-color="#5a5a5e"/><stop offset="1" stop-color="#1d1d20"/>
  </radialGradient>
</defs>`;

function frameAndPoints(model, out) {
  const mirror = !!model.mirror;
  const targets = model.targets || new Set();
  const dutch = facts(model.variant).reserve;
  out.push(`<rect class="frame" x="0" y="0" width="${W}" height="${H}" rx="14"/>`);
  for (const x of [LEFT_FIELD, RIGHT_FIELD]) {
    out.push(`<rect class="field" x="${x}" y="${FIELD_TOP}" width="${6 * PW}" height="${FIELD_BOTTOM - FIELD_TOP}"/>`);
  }
  out.push(`<rect class="bar" x="${BAR_X}" y="0" width="${BAR_W}" height="${H}"/>`);
  const trayX = sideX(true, mirror);
  const otherX = sideX(false, mirror);
  for (const x of [trayX, otherX]) {
    out.push(`<rect class="side" x="${x}" y="${FIELD_TOP}" width="${SIDE}" height="${FIELD_BOTTOM - FIELD_TOP}" rx="6"/>`);
  }
  for (const [x, cls] of [[trayX, "tray"], ...(dutch ? [[otherX, "tray reserve"]] : [])]) {
    out.push(`<rect class="${cls}" x="${x + 4}" y="${FIELD_TOP + 4}" width="${SIDE - 8}" height="${TRAY_H}" rx="4"/>`);
    out.push(`<rect class="${cls}" x="${x + 4}" y="${FIELD_BOTTOM - 4 - TRAY_H}" width="${SIDE - 8}" height="${TRAY_H}" rx="4"/>`);
  }
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p, mirror);
    const top = p >= 13;
    const base = top ? FIELD_TOP : FIELD_BOTTOM;
    const tip = top ? FIELD_TOP + TIP : FIELD_BOTTOM - TIP;
    const shape = `points="${x + 1},${base} ${x + PW - 1},${base} ${x + PW / 2},${tip}"`;
    out.push(`<polygon class="point ${p % 2 ? "pa" : "pb"}" ${shape}/>`);
    if (targets.has(p)) out.push(`<polygon class="target-glow" data-glow="${p}" ${shape}/>`);
  }
  // The borne-off tray glows as brightly as a point when bearing off is a target.
  if (targets.has(OFF)) {
    out.push(`<rect class="target-glow" data-glow="0" x="${trayX + 1}" y="${MID}" width="${SIDE - 2}" height="${FIELD_BOTTOM - MID}" rx="6"/>`);
  }
}

function numbersAndHeads(model, out) {
  const mirror = !!model.mirror;
  const heads = facts(model.variant).heads;
  const last = model.last || { from: new Map(), to: new Map() };
  if (heads) {
    for (const [p, whose] of [[heads.mine, "mine"], [heads.theirs, "theirs"]]) {
      const x = pointX(p, mirror) + PW / 2;
      const y = p >= 13 ? FIELD_TOP - 3 : FIELD_BOTTOM + 3;
      out.push(`<path class="head-mark ${whose}" d="M${x - 18},${y} h36" data-head="${whose}"><title>${escapeXml(t("board.head"))}</title></path>`);
    }
  }
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p, mirror) + PW / 2;
    const y = p >= 13 ? STRIP / 2 : H - STRIP / 2;
    const mark = last.to.has(p) ? " last-to" : last.from.has(p) ? " last-from" : "";
    if (mark) out.push(`<rect class="num-mark${mark}" x="${x - 15}" y="${y - 9}" width="30" height="18" rx="9"/>`);
    if (model.numbers === false && !mark) continue;
    const head = heads && (p === heads.mine || p === heads.theirs) ? " head" : "";
    out.push(`<text class="num${head}${mark}" x="${x}" y="${y + 4.5}">${p}</text>`);
  }
}

function checkers(model, out) {
  const pos = model.position;
  const [me, them] = model.colours;
  for (let p = 1; p <= 24; p++) {
    const [mine, theirs] = placeCount(pos, p);
    if (mine) stack(model, p, mine, me, out);
    if (theirs) stack(model, p, theirs, them, out);
  }
  for (const [place, side, colour] of [[BAR, 0, me], ["obar", 1, them], [OFF, 0, me], ["ooff", 1, them]]) {
    stack(model, place, placeCount(pos, place)[side], colour, out);
  }
  if (facts(model.variant).reserve) {
    stack(model, RESERVE, placeCount(pos, RESERVE)[0], me, out);
    stack(model, "ores", placeCount(pos, "ores")[1], them, out);
  }
}

/** The last move: where checkers left (a hollow ring in the slot they left) and where
 * they arrived (a ring round each arrived checker). */
function lastMove(model, out) {
  if (!model.last) return;
  const pos = model.position;
  for (const [place, n] of model.last.from) {
    if (!isPoint(place)) continue;
    // one ring in the first free slot, however many left (the number pill says where)
    const [mine, theirs] = placeCount(pos, place);
    const here = Math.max(mine, theirs);
    const c = slotCenter(model, place, here, here + 1);
    out.push(`<circle class="last-from-ring" data-last-from="${place}" data-count="${n}" cx="${c.x}" cy="${c.y}" r="${R - 3}"/>`);
  }
  for (const [place, n] of model.last.to) {
    const [mine, theirs] = placeCount(pos, place);
    const here = Math.max(mine, theirs);
    for (let i = Math.max(here - n, 0); i < here; i++) {
      const c = slotCenter(model, place, i, here);
      out.push(edgeOn(place)
        ? `<rect class="last-to-ring" data-last-to="${place}" x="${c.x - 17}" y="${c.y - 7}" width="34" height="14" rx="4"/>`
        : `<circle class="last-to-ring" data-last-to="${place}" cx="${c.x}" cy="${c.y}" r="${R + 1.5}"/>`);
    }
  }
}

/** The doubling cube: 64 at value 1, centred or on its owner's side; an offered double
 * shows the new value in front of the player who must answer. */
function cube(model, out) {
  const c = model.cube;
  if (!c || !c.show) return;
  const where = c.offered || c.owner;
  const y = where === "me" ? MID + 60 : where === "them" ? MID - 60 : MID;
  const x = sideX(false, !!model.mirror) + SIDE / 2;
  const value = c.offered ? c.value * 2 : c.value;
  const label = value === 1 ? 64 : value;
  const cls = ["cube", c.enabled ? "" : "off", c.offered ? "offered" : ""].filter(Boolean).join(" ");
  out.push(
    `<g class="${cls}" data-cube="${value}" data-owner="${c.owner || "centre"}"${c.offered ? ` data-offered="${c.offered}"` : ""}>` +
      `<rect x="${x - 17}" y="${y - 17}" width="34" height="34" rx="6"/>` +
      `<text x="${x}" y="${y + 7}">${label}</text></g>`,
  );
}

function dice(model, out) {
  const d = model.dice;
  if (!d || !d.values || !d.values.length) return;
  const mirror = !!model.mirror;
  const size = 44;
  const gap = 10;
  const width = d.values.length * size + (d.values.length - 1) * gap;
  const half = d.owner === "them" ? (mirror ? RIGHT_FIELD : LEFT_FIELD) : homeHalfX(mirror);
  let x = half + (6 * PW - width) / 2;
  const colour = d.owner === "them" ? model.colours[1] : model.colours[0];
  d.values.forEach((v, i) => {
    const used = d.used && d.used[i] ? " used" : "";
    out.push(die(x, MID - size / 2, size, v, `${colour}${used}`));
    x += size + gap;
  });
}

/** Marks of sources, targets, selection and keyboard focus; and the hit areas. */
function marks(model, out) {
  const pos = model.position;
  const sources = model.sources || new Set();
  const targets = model.targets || new Set();
  const hits = facts(model.variant).hits;
  for (const place of sources) {
    const [mine] = placeCount(pos, place);
    const cls = place === model.selected ? "mark selected-ring" : "mark source-ring";
    const c = slotCenter(model, place, Math.max(mine - 1, 0), Math.max(mine, 1));
    if (edgeOn(place)) out.push(`<rect class="${cls}" x="${c.x - 18}" y="${c.y - 8}" width="36" height="16" rx="5"/>`);
    else out.push(`<circle class="${cls}" cx="${c.x}" cy="${c.y}" r="${R + 2}"/>`);
  }
  for (const place of targets) {
    if (isPoint(place)) {
      const [mine, theirs] = placeCount(pos, place);
      const index = theirs === 1 && hits ? 0 : mine;
      const c = slotCenter(model, place, index, Math.max(mine + 1, 1));
      out.push(`<circle class="mark target-ring" cx="${c.x}" cy="${c.y}" r="${R - 2}"/>`);
    } else if (place === OFF) {
      const c = slotCenter(model, OFF, placeCount(pos, OFF)[0]);
      out.push(`<rect class="mark target-ring" x="${c.x - 17}" y="${c.y - 8}" width="34" height="16" rx="4"/>`);
      // an arrow into the tray, in no language
      const x = slotCenter(model, OFF, 0).x;
      const y = MID + 14;
      out.push(`<path class="off-arrow" d="M${x - 5},${y} h10 v12 h7 l-12,13 l-12,-13 h7 z"><title>${escapeXml(t("board.off"))}</title></path>`);
    }
  }
  const hit = (place) => {
    const r = placeRect(model, place);
    const attrs = [`data-place="${place}"`];
    const cls = ["hit"];
    if (sources.has(place)) { attrs.push(`data-source="${place}"`); cls.push("source"); }
    if (targets.has(place)) { attrs.push(`data-target="${place}"`); cls.push("target"); }
    if (model.selected === place) cls.push("selected");
    if (model.focus === place) cls.push("focus");
    out.push(`<rect class="${cls.join(" ")}" ${attrs.join(" ")} x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" rx="4"/>`);
  };
  for (let p = 1; p <= 24; p++) hit(p);
  if (hits) hit(BAR);
  hit(OFF);
  if (facts(model.variant).reserve) hit(RESERVE);
}

/** The whole board as an SVG string. */
export function boardSVG(model) {
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="board-svg" ` +
      `role="img" aria-label="${escapeXml(model.label || "")}">`,
    DEFS,
  ];
  frameAndPoints(model, out);
  numbersAndHeads(model, out);
  checkers(model, out);
  lastMove(model, out);
  cube(model, out);
  dice(model, out);
  marks(model, out);
  out.push(`<g class="anim"></g>`, "</svg>");
  return out.join("");
}

function escapeXml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** Move one checker for one step in ``position`` (viewer's view, changed in place).
 * ``from``/``to`` are places in the viewer's numbering (``to`` null lifts the checker);
 * where the variant hits, a lone checker of the other side on the landing point goes to
 * its bar. Returns whether a checker was hit. */
export function applyStep(position, from, to, mover, variant) {
  const sign = mover === "me" ? 1 : -1;
  const idx = mover === "me" ? 0 : 1;
  const take = (key) => {
    position[key] = [...(position[key] || [0, 0])];
    position[key][idx] -= 1;
  };
  if (isPoint(from)) position.board[from - 1] -= sign;
  else if (from === BAR || from === "obar") take("bar");
  else if (from === RESERVE || from === "ores") take("reserve");
  if (to === null) return false;
  let hit = false;
  if (isPoint(to)) {
    if (facts(variant).hits && position.board[to - 1] === -sign) {
      position.board[to - 1] = 0;
      position.bar = [...(position.bar || [0, 0])];
      position.bar[1 - idx] += 1;
      hit = true;
    }
    position.board[to - 1] += sign;
  } else {
    position.off = [...(position.off || [0, 0])];
    position.off[idx] += 1;
  }
  return hit;
}
