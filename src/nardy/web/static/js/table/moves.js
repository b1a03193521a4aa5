// Somebody else's moves, as the viewer sees them: which steps to show moving between two
// states, the last move to keep marked, and the animation of the steps one by one.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { applyStep, boardSVG, checker, placeCount, slotCenter } from "../board.js";
import { theirPlace } from "../variants.js";
import { debug } from "./socket.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** ``steps`` of ``mover`` (a seat, or a chouette side) as places in the viewer's numbering. */
export function viewerPlaces(state, mover, steps) {
  if (mover === state.perspective) return steps.map(([a, b]) => [a, b]);
  return steps.map(([a, b]) => [theirPlace(a, state.variant), theirPlace(b, state.variant)]);
}

/** "me" or "them": whose checkers a seat (or side) moves, seen by the viewer. */
export function sideOf(state, seat) {
  return seat === state.perspective ? "me" : "them";
}

/** The play of this game to mark on the board: the steps being made now, or else the
 * last confirmed play. ``{mover, places}`` in the viewer's numbering, or null. */
export function markedPlay(state) {
  if (!state.position) return null;
  if (state.phase === "moving" && (state.steps || []).length) {
    return { mover: state.turn, places: viewerPlaces(state, state.turn, state.steps) };
  }
  const play = state.last_play;
  if (!play || (play.game !== undefined && play.game !== state.game) || !(play.steps || []).length) return null;
  return { mover: play.player, places: viewerPlaces(state, play.player, play.steps) };
}

/** Where checkers left and arrived, net of a checker that moved on: two maps place → count. */
export function netMoves(places) {
  const left = new Map();
  const came = new Map();
  const add = (map, k) => map.set(k, (map.get(k) || 0) + 1);
  for (const [a, b] of places) {
    add(left, a);
    add(came, b);
  }
  const from = new Map();
  const to = new Map();
  for (const k of new Set([...left.keys(), ...came.keys()])) {
    const n = (came.get(k) || 0) - (left.get(k) || 0);
    if (n > 0) to.set(k, n);
    else if (n < 0) from.set(k, -n);
  }
  return { from, to };
}

/** The steps the viewer has not seen being made, from ``before`` to ``after``: another
 * person's step as it happens, a confirmed play of somebody else (the computer's too),
 * or a play the server made for the viewer (S5). ``{mover, places, start}`` or null. */
export function unseenSteps(before, after) {
  if (!before || !after.position || !before.position) return null;
  if (before.variant !== after.variant || before.perspective !== after.perspective) return null;
  const acting = !!(after.legal && after.legal.steps);
  if (after.phase === "moving" && before.phase === "moving" && before.turn === after.turn && before.game === after.game) {
    if (acting) return null; // the viewer's own steps
    const old = before.steps || [];
    const now = after.steps || [];
    if (now.length <= old.length || !same(now.slice(0, old.length), old)) return null;
    return { mover: after.turn, places: viewerPlaces(after, after.turn, now.slice(old.length)), start: before.position };
  }
  const play = after.last_play;
  if (!play || same(play, before.last_play) || !(play.steps || []).length) return null;
  if (play.game !== undefined ? play.game !== before.game : before.game !== after.game) return null;
  const mine = before.phase === "moving" && before.turn === play.player;
  const shown = mine ? before.steps || [] : [];
  if (!same(play.steps.slice(0, shown.length), shown)) return null;
  const rest = play.steps.slice(shown.length);
  if (!rest.length) return null;
  return { mover: play.player, places: viewerPlaces(after, play.player, rest), start: before.position };
}

const copy = (position) => JSON.parse(JSON.stringify(position));

function frame(ms) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const tick = (now) => (now - t0 >= ms ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

/** Move each step's checker across ``boardEl`` (its SVG redrawn from ``modelOf(position)``),
 * one after another, from ``start``; resolves when done (or when the board is gone). */
export async function animateSteps(boardEl, modelOf, start, places, mover, colour, variant, onStep) {
  const side = mover === "me" ? 0 : 1;
  let position = copy(start);
  for (const [from, to] of places) {
    if (!document.body.contains(boardEl)) return;
    const model = modelOf(position);
    const count = Math.max(placeCount(position, from)[side], 1);
    const a = slotCenter(model, from, count - 1, count);
    const lifted = copy(position);
    applyStep(lifted, from, null, mover, variant);
    const after = copy(position);
    const hit = applyStep(after, from, to, mover, variant);
    const landed = Math.max(placeCount(after, to)[side], 1);
    const b = slotCenter(model, to, landed - 1, landed);
    boardEl.innerHTML = boardSVG(modelOf(lifted));
    const layer = boardEl.querySelector("svg .anim");
    const duration = 320;
    await new Promise((resolve) => {
      const t0 = performance.now();
      const tick = (now) => {
        const k = Math.min(1, (now - t0) / duration);
        const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
        const x = a.x + (b.x - a.x) * e;
        const y = a.y + (b.y - a.y) * e - Math.sin(Math.PI * e) * 28;
        layer.innerHTML = checker(colour, x, y, 'data-moving="1"', "ghost");
        if (k < 1 && document.body.contains(boardEl)) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    debug.animated += 1;
    position = after;
    boardEl.innerHTML = boardSVG(modelOf(position));
    if (onStep) onStep(hit);
    await frame(90);
  }
}
