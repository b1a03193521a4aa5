// Where things are on the board: its measures (in SVG units), the centre of each checker
// slot, the rectangle each place answers to, and the place under a point (with a little
// help for fingers). The drawing is board.js.
// SPDX-License-Identifier: AGPL-3.0-or-later

// Places: 1..24 are the viewer's points; the viewer's bar, reserve and borne-off tray use
// the step numbers of the protocol (25, 26, 0); the opponent's are "obar", "ores", "ooff".
export const BAR = 25;
export const RESERVE = 26;
export const OFF = 0;

const F = 6; // frame
const SIDE = 40; // side columns (trays, cube, reserve)
const PW = 50; // point width
const BAR_W = 44;
const W = 2 * F + 2 * SIDE + 12 * PW + BAR_W; // 736
const H = 548;
const STRIP = 22; // frame strips above and below the field (point numbers)
const FIELD_TOP = STRIP;
const FIELD_BOTTOM = H - STRIP;
const MID = H / 2;
const D = 47; // checker diameter
const R = 23.5;
const TIP = 206; // point length
const STACK = 232; // room for a stack on a point
const LEFT_FIELD = F + SIDE; // 46
const BAR_X = LEFT_FIELD + 6 * PW; // 346
const RIGHT_FIELD = BAR_X + BAR_W; // 390
const SLAB = 11; // a checker seen edge-on (tray, reserve)
const TRAY_H = 15 * (SLAB + 1) + 8;

/** The board's measures in SVG units (the drawing reads them from here). */
export const GEOMETRY = Object.freeze({ F, SIDE, PW, BAR_W, W, H, STRIP, FIELD_TOP, FIELD_BOTTOM, MID, D, R, TIP, LEFT_FIELD, BAR_X, RIGHT_FIELD, SLAB, TRAY_H });

export function pointX(point, mirror) {
  let x;
  if (point <= 6) x = RIGHT_FIELD + 6 * PW - point * PW;
  else if (point <= 12) x = BAR_X - (point - 6) * PW;
  else if (point <= 18) x = LEFT_FIELD + (point - 13) * PW;
  else x = RIGHT_FIELD + (point - 19) * PW;
  return mirror ? W - x - PW : x;
}

export function sideX(home, mirror) {
  // The tray is on the side of the viewer's home board.
  const right = W - F - SIDE;
  return home !== mirror ? right : F;
}

export function homeHalfX(mirror) {
  return mirror ? LEFT_FIELD : RIGHT_FIELD;
}

function spacing(count, room) {
  return count <= 5 ? D : (room - D) / (count - 1);
}

export const isPoint = (place) => typeof place === "number" && place >= 1 && place <= 24;
export const edgeOn = (place) => place === OFF || place === "ooff" || place === RESERVE || place === "ores";

/** The centre of the index-th checker (from the edge) at ``place``. */
export function slotCenter(model, place, index, count = index + 1) {
  const mirror = !!model.mirror;
  if (isPoint(place)) {
    const x = pointX(place, mirror) + PW / 2;
    const step = spacing(Math.max(count, index + 1), STACK);
    return place >= 13
      ? { x, y: FIELD_TOP + R + 1 + index * step }
      : { x, y: FIELD_BOTTOM - R - 1 - index * step };
  }
  if (place === BAR || place === "obar") {
    const x = BAR_X + BAR_W / 2;
    const step = spacing(Math.max(count, index + 1), 190);
    // The viewer's hit checkers wait in the upper half, near where they enter.
    return place === BAR ? { x, y: MID - 34 - index * step } : { x, y: MID + 34 + index * step };
  }
  if (place === OFF || place === "ooff") {
    const x = sideX(true, mirror) + SIDE / 2;
    return place === OFF
      ? { x, y: FIELD_BOTTOM - 10 - index * (SLAB + 1) }
      : { x, y: FIELD_TOP + 10 + index * (SLAB + 1) };
  }
  if (place === RESERVE || place === "ores") {
    const x = sideX(false, mirror) + SIDE / 2;
    return place === RESERVE
      ? { x, y: FIELD_BOTTOM - 10 - index * (SLAB + 1) }
      : { x, y: FIELD_TOP + 10 + index * (SLAB + 1) };
  }
  return { x: W / 2, y: MID };
}

/** The rectangle a place answers to (taps, clicks and drops), in board units. */
export function placeRect(model, place) {
  const mirror = !!model.mirror;
  if (isPoint(place)) {
    const x = pointX(place, mirror);
    return place >= 13
      ? { x, y: FIELD_TOP, w: PW, h: MID - FIELD_TOP }
      : { x, y: MID, w: PW, h: FIELD_BOTTOM - MID };
  }
  if (place === BAR) return { x: BAR_X, y: FIELD_TOP, w: BAR_W, h: MID - FIELD_TOP };
  if (place === OFF) return { x: sideX(true, mirror), y: MID, w: SIDE, h: FIELD_BOTTOM - MID };
  if (place === RESERVE) return { x: sideX(false, mirror), y: MID, w: SIDE, h: FIELD_BOTTOM - MID };
  return null;
}

/** The place under board point (x, y); when ``near`` (a set of places) is given, the
 * nearest of them within ``reach`` board units wins over an exact hit elsewhere, so a
 * finger that lands a little beside a target still reaches it. */
export function placeAt(model, x, y, near = null, reach = PW) {
  const places = [...Array.from({ length: 24 }, (_, i) => i + 1), BAR, OFF, RESERVE];
  const distance = (place) => {
    const r = placeRect(model, place);
    if (!r) return Infinity;
    const dx = Math.max(r.x - x, 0, x - (r.x + r.w));
    const dy = Math.max(r.y - y, 0, y - (r.y + r.h));
    return Math.hypot(dx, dy);
  };
  if (near && near.size) {
    let best = null;
    let bestD = Infinity;
    for (const place of near) {
      const d = distance(place);
      if (d < bestD) [best, bestD] = [place, d];
    }
    if (bestD <= reach) return best;
  }
  return places.find((place) => distance(place) === 0) ?? null;
}

/** How many checkers of each side a place holds: [viewer, opponent]. */
export function placeCount(position, place) {
  if (isPoint(place)) {
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

