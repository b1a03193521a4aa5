// The board in SVG, drawn from a position seen by the viewer (INTERFACES.md §1).
// The board knows no rules: it draws what it is given and marks the places it is told
// are sources and targets of legal steps.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { t } from "./i18n.js";

// Places: 1..24 are the viewer's points; the viewer's bar, reserve and borne-off tray use
// the step numbers of the protocol (25, 26, 0); the opponent's are "obar", "ores", "ooff".
export const BAR = 25;
export const RESERVE = 26;
export const OFF = 0;

const W = 744;
const H = 496;
const F = 14; // frame
const SIDE = 56; // side columns (trays, cube, reserve)
const PW = 44; // point width
const STRIP = 24; // frame strips above and below the field (point numbers)
const FIELD_TOP = STRIP;
const FIELD_BOTTOM = H - STRIP;
const MID = H / 2;
const D = 40; // checker diameter
const R = 19;
const TIP = 184; // point length
const STACK = 200; // room for a stack on a point
const BAR_X = 348;
const BAR_W = 48;
const SLAB = 10; // a checker seen edge-on (tray, reserve)

export const GEOMETRY = { W, H };

function pointX(point, mirror) {
  let x;
  if (point <= 6) x = 660 - point * PW;
  else if (point <= 12) x = 348 - (point - 6) * PW;
  else if (point <= 18) x = 84 + (point - 13) * PW;
  else x = 396 + (point - 19) * PW;
  return mirror ? W - x - PW : x;
}

function sideX(home, mirror) {
  // The tray is on the side of the viewer's home board.
  const right = W - F - SIDE;
  return home !== mirror ? right : F;
}

function homeHalfX(mirror) {
  return mirror ? 84 : 396;
}

function spacing(count, room) {
  return count <= 5 ? D : (room - D) / (count - 1);
}

/** The centre of the index-th checker (from the edge) at ``place``. */
export function slotCenter(model, place, index, count = index + 1) {
  const mirror = !!model.mirror;
  if (typeof place === "number" && place >= 1 && place <= 24) {
    const x = pointX(place, mirror) + PW / 2;
    const step = spacing(Math.max(count, index + 1), STACK);
    return place >= 13
      ? { x, y: FIELD_TOP + R + 1 + index * step }
      : { x, y: FIELD_BOTTOM - R - 1 - index * step };
  }
  if (place === BAR || place === "obar") {
    const x = BAR_X + BAR_W / 2;
    const step = spacing(Math.max(count, index + 1), 170);
    // The viewer's hit checkers wait in the upper half, near where they enter.
    return place === BAR
      ? { x, y: MID - 30 - index * step }
      : { x, y: MID + 30 + index * step };
  }
  if (place === OFF || place === "ooff") {
    const x = sideX(true, mirror) + SIDE / 2;
    return place === OFF
      ? { x, y: FIELD_BOTTOM - 6 - index * (SLAB + 1) }
      : { x, y: FIELD_TOP + 6 + index * (SLAB + 1) };
  }
  if (place === RESERVE || place === "ores") {
    const x = sideX(false, mirror) + SIDE / 2;
    return place === RESERVE
      ? { x, y: FIELD_BOTTOM - 6 - index * (SLAB + 1) }
      : { x, y: FIELD_TOP + 6 + index * (SLAB + 1) };
  }
  return { x: W / 2, y: MID };
}

/** How many checkers of each side a place holds: [viewer, opponent]. */
export function placeCount(position, place) {
  if (typeof place === "number" && place >= 1 && place <= 24) {
    const n = position.board[place - 1];
    return n > 0 ? [n, 0] : [0, -n];
  }
  const pair = (key, mine) => (position[key] || [0, 0])[mine ? 0 : 1];
  switch (place) {
    case BAR: return [pair("bar", true), 0];
    case "obar": return [0, pair("bar", false)];
    case OFF: return [pair("off", true), 0];
    case "ooff": return [0, pair("off", false)];
    case RESERVE: return [pair("reserve", true), 0];
    case "ores": return [0, pair("reserve", false)];
  }
  return [0, 0];
}

export function checker(colour, x, y, extra = "", cls = "") {
  return (
    `<g class="checker ${colour}${cls ? ` ${cls}` : ""}" ${extra}>` +
    `<circle cx="${x}" cy="${y + 1.5}" r="${R}" class="shadow"/>` +
    `<circle cx="${x}" cy="${y}" r="${R}" class="body"/>` +
    `<circle cx="${x}" cy="${y}" r="${R - 6}" class="ring"/>` +
    `</g>`
  );
}

function slab(colour, x, y) {
  return `<rect class="slab ${colour}" x="${x - 20}" y="${y - SLAB / 2}" width="40" height="${SLAB}" rx="3"/>`;
}

function stack(model, place, count, colour, out) {
  const edgeOn = place === OFF || place === "ooff" || place === RESERVE || place === "ores";
  for (let i = 0; i < count; i++) {
    const { x, y } = slotCenter(model, place, i, count);
    out.push(edgeOn ? slab(colour, x, y) : checker(colour, x, y, `data-stack="${place}"`));
  }
  if (edgeOn ? count > 0 : count > 5) {
    const top = slotCenter(model, place, count - 1, count);
    let { x, y } = top;
    if (edgeOn) {
      const upper = place === "ooff" || place === "ores";
      y = upper ? y + 16 : y - 16;
      out.push(`<text class="count edge" x="${x}" y="${y + 4}">${count}</text>`);
    } else {
      out.push(`<text class="count ${colour}" x="${x}" y="${y + 5}">${count}</text>`);
    }
  }
}

function die(x, y, size, value, cls) {
  const pips = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  }[value] || [];
  const c = size / 2;
  const off = size * 0.26;
  let s = `<g class="die ${cls}" data-die="${value}"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}"/>`;
  for (const [dx, dy] of pips) {
    s += `<circle cx="${x + c + dx * off}" cy="${y + c + dy * off}" r="${size * 0.09}"/>`;
  }
  return s + "</g>";
}

/** The whole board as an SVG string. */
export function boardSVG(model) {
  const mirror = !!model.mirror;
  const pos = model.position;
  const me = model.colours[0];
  const them = model.colours[1];
  const sources = model.sources || new Set();
  const targets = model.targets || new Set();
  const variant = model.variant;
  const nardy = variant === "long-nardy";
  const dutch = variant === "dutch";
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="board-svg" ` +
      `role="img" aria-label="${escapeXml(model.label || "")}">`,
  );
  out.push(`<defs>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6b4226"/><stop offset="0.5" stop-color="#5a361e"/><stop offset="1" stop-color="#4a2c17"/>
    </linearGradient>
    <linearGradient id="felt" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#efe3c8"/><stop offset="1" stop-color="#e4d3b0"/>
    </linearGradient>
    <radialGradient id="g-light" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e2d7c4"/>
    </radialGradient>
    <radialGradient id="g-dark" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#5a5a5e"/><stop offset="1" stop-color="#1d1d20"/>
    </radialGradient>
  </defs>`);
  // Frame, field halves, bar and side columns.
  out.push(`<rect class="frame" x="0" y="0" width="${W}" height="${H}" rx="14" fill="url(#wood)"/>`);
  for (const x of [84, 396]) {
    out.push(`<rect class="field" x="${x}" y="${FIELD_TOP}" width="${6 * PW}" height="${FIELD_BOTTOM - FIELD_TOP}" fill="url(#felt)"/>`);
  }
  out.push(`<rect class="bar" x="${BAR_X}" y="0" width="${BAR_W}" height="${H}"/>`);
  const trayX = sideX(true, mirror);
  const otherX = sideX(false, mirror);
  for (const x of [trayX, otherX]) {
    out.push(`<rect class="side" x="${x}" y="${FIELD_TOP}" width="${SIDE}" height="${FIELD_BOTTOM - FIELD_TOP}" rx="6"/>`);
  }
  // Trays for borne-off checkers.
  const trayH = 15 * (SLAB + 1) + 8;
  out.push(`<rect class="tray" x="${trayX + 4}" y="${FIELD_TOP + 4}" width="${SIDE - 8}" height="${trayH}" rx="4"/>`);
  out.push(`<rect class="tray" x="${trayX + 4}" y="${FIELD_BOTTOM - 4 - trayH}" width="${SIDE - 8}" height="${trayH}" rx="4"/>`);
  if (dutch) {
    out.push(`<rect class="tray reserve" x="${otherX + 4}" y="${FIELD_TOP + 4}" width="${SIDE - 8}" height="${trayH}" rx="4"/>`);
    out.push(`<rect class="tray reserve" x="${otherX + 4}" y="${FIELD_BOTTOM - 4 - trayH}" width="${SIDE - 8}" height="${trayH}" rx="4"/>`);
  }

  // Points.
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p, mirror);
    const top = p >= 13;
    const base = top ? FIELD_TOP : FIELD_BOTTOM;
    const tip = top ? FIELD_TOP + TIP : FIELD_BOTTOM - TIP;
    const shade = p % 2 ? "pa" : "pb";
    const last = model.lastTo && model.lastTo.includes(p) ? " last" : "";
    out.push(
      `<polygon class="point ${shade}${last}" points="${x + 1},${base} ${x + PW - 1},${base} ${x + PW / 2},${tip}"/>`,
    );
    if (targets.has(p)) {
      out.push(`<polygon class="target-glow" points="${x + 1},${base} ${x + PW - 1},${base} ${x + PW / 2},${tip}"/>`);
    }
  }
  // Long nardy heads: the viewer's point 24 and the opponent's (the viewer's 12).
  if (nardy) {
    for (const [p, whose] of [[24, "mine"], [12, "theirs"]]) {
      const x = pointX(p, mirror) + PW / 2;
      const y = p >= 13 ? FIELD_TOP - 3 : FIELD_BOTTOM + 3;
      out.push(
        `<path class="head-mark ${whose}" d="M${x - 16},${y} h32" data-head="${whose}"><title>${escapeXml(t("board.head"))}</title></path>`,
      );
    }
  }
  // Point numbers in the frame.
  if (model.numbers !== false) {
    for (let p = 1; p <= 24; p++) {
      const x = pointX(p, mirror) + PW / 2;
      const y = p >= 13 ? 16 : H - 8;
      const head = nardy && (p === 24 || p === 12) ? " head" : "";
      out.push(`<text class="num${head}" x="${x}" y="${y}">${p}</text>`);
    }
  }

  // Checkers.
  for (let p = 1; p <= 24; p++) {
    const [mine, theirs] = placeCount(pos, p);
    if (mine) stack(model, p, mine, me, out);
    if (theirs) stack(model, p, theirs, them, out);
  }
  stack(model, BAR, placeCount(pos, BAR)[0], me, out);
  stack(model, "obar", placeCount(pos, "obar")[1], them, out);
  stack(model, OFF, placeCount(pos, OFF)[0], me, out);
  stack(model, "ooff", placeCount(pos, "ooff")[1], them, out);
  if (dutch) {
    stack(model, RESERVE, placeCount(pos, RESERVE)[0], me, out);
    stack(model, "ores", placeCount(pos, "ores")[1], them, out);
  }

  // The doubling cube: 64 at value 1, centred or on its owner's side.
  const cube = model.cube;
  if (cube && cube.show) {
    const y = cube.owner === "me" ? MID + 52 : cube.owner === "them" ? MID - 52 : MID;
    const x = otherX + SIDE / 2;
    const label = cube.value === 1 ? 64 : cube.value;
    const cls = cube.enabled ? "cube" : "cube off";
    out.push(
      `<g class="${cls}" data-cube="${cube.value}" data-owner="${cube.owner || "centre"}">` +
        `<rect x="${x - 20}" y="${y - 20}" width="40" height="40" rx="6"/>` +
        `<text x="${x}" y="${y + 7}">${label}</text></g>`,
    );
  }

  // Dice.
  if (model.dice && model.dice.values && model.dice.values.length) {
    const values = model.dice.values;
    const size = 38;
    const gap = 10;
    const width = values.length * size + (values.length - 1) * gap;
    const half = model.dice.owner === "them" ? (mirror ? 396 : 84) : homeHalfX(mirror);
    let x = half + (6 * PW - width) / 2;
    values.forEach((v, i) => {
      const used = model.dice.used && model.dice.used[i] ? " used" : "";
      const colour = model.dice.owner === "them" ? them : me;
      out.push(die(x, MID - size / 2, size, v, `${colour}${used}`));
      x += size + gap;
    });
  }

  // Marks of sources, targets, selection and keyboard focus; and the hit areas.
  const hit = (place, x, y, w, hgt) => {
    const attrs = [`data-place="${place}"`];
    if (sources.has(place)) attrs.push(`data-source="${place}"`);
    if (targets.has(place)) attrs.push(`data-target="${place}"`);
    const cls = ["hit"];
    if (sources.has(place)) cls.push("source");
    if (targets.has(place)) cls.push("target");
    if (model.selected === place) cls.push("selected");
    if (model.focus === place) cls.push("focus");
    out.push(`<rect class="${cls.join(" ")}" ${attrs.join(" ")} x="${x}" y="${y}" width="${w}" height="${hgt}" rx="4"/>`);
  };
  const ringAt = (place, cls) => {
    const [mine] = placeCount(pos, place);
    const edgeOn = place === OFF || place === RESERVE;
    if (edgeOn) {
      const c = slotCenter(model, place, Math.max(mine - 1, 0), mine);
      out.push(`<rect class="${cls}" x="${c.x - 23}" y="${c.y - 8}" width="46" height="16" rx="5"/>`);
      return;
    }
    const c = slotCenter(model, place, Math.max(mine - 1, 0), Math.max(mine, 1));
    out.push(`<circle class="${cls}" cx="${c.x}" cy="${c.y}" r="${R + 2}"/>`);
  };
  for (const place of sources) ringAt(place, place === model.selected ? "mark selected-ring" : "mark source-ring");
  for (const place of targets) {
    if (place >= 1 && place <= 24) {
      const [mine, theirs] = placeCount(pos, place);
      const index = theirs === 1 && !nardy ? 0 : mine;
      const c = slotCenter(model, place, index, Math.max(mine + 1, 1));
      out.push(`<circle class="mark target-ring" cx="${c.x}" cy="${c.y}" r="${R - 2}"/>`);
    } else if (place === OFF) {
      const c = slotCenter(model, OFF, placeCount(pos, OFF)[0]);
      out.push(`<rect class="mark target-ring" x="${c.x - 22}" y="${c.y - 7}" width="44" height="14" rx="4"/>`);
    }
  }
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p, mirror);
    if (p >= 13) hit(p, x, FIELD_TOP, PW, MID - FIELD_TOP);
    else hit(p, x, MID, PW, FIELD_BOTTOM - MID);
  }
  if (!nardy) hit(BAR, BAR_X, FIELD_TOP, BAR_W, MID - FIELD_TOP);
  hit(OFF, trayX, MID, SIDE, FIELD_BOTTOM - MID);
  if (dutch) hit(RESERVE, otherX, MID, SIDE, FIELD_BOTTOM - MID);
  out.push(`<g class="anim"></g>`);
  out.push("</svg>");
  return out.join("");
}

function escapeXml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** Move the opponent's checker for one step in ``position`` (viewer's view, changed in place).
 * ``from``/``to`` are places in the viewer's numbering; a lone checker of the other side
 * on the landing point goes to its bar (not in long nardy, where nothing is hit). */
export function applyStep(position, from, to, mover, variant) {
  const sign = mover === "me" ? 1 : -1;
  const idx = mover === "me" ? 0 : 1;
  const take = (key) => {
    position[key] = [...(position[key] || [0, 0])];
    position[key][idx] -= 1;
  };
  if (typeof from === "number" && from >= 1 && from <= 24) position.board[from - 1] -= sign;
  else if (from === BAR || from === "obar") take("bar");
  else if (from === RESERVE || from === "ores") take("reserve");
  if (to === null) return;
  if (typeof to === "number" && to >= 1 && to <= 24) {
    const here = position.board[to - 1];
    if (variant !== "long-nardy" && here === -sign) {
      position.board[to - 1] = 0;
      position.bar = [...(position.bar || [0, 0])];
      position.bar[1 - idx] += 1;
    }
    position.board[to - 1] += sign;
  } else {
    position.off = [...(position.off || [0, 0])];
    position.off[idx] += 1;
  }
}
