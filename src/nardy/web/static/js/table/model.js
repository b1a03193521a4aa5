// From the server's state to what the board draws: orientation, colours, dice, cube,
// the last move; and who the table waits for.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { colourOf, variantName } from "../common.js";
import { t } from "../i18n.js";
import { startPosition } from "../variants.js";
import { markedPlay, netMoves } from "./moves.js";

/** Whether the board is drawn with the home board on the left (S4: the setting, and
 * "switch sides" after each game). */
export function mirrored(state, p) {
  const base = p.orientation === "left";
  const flip = p.switch_sides && state && state.game % 2 === 0;
  return base !== !!flip;
}

/** The seat whose decision the table waits for, or null. */
export function actorSeat(state) {
  switch (state.phase) {
    case "rolling":
    case "moving":
      return state.turn;
    case "doubled":
      return state.turn === null ? null : 1 - state.turn;
    case "resigning":
      return state.offer ? 1 - state.offer[0] : null;
  }
  return null;
}

/** Whether the server rolls for the viewer (S5: automatic rolls, and no double possible),
 * so that no Roll button is shown and no "roll the dice" is said. */
export function rollsItself(state, legal) {
  return !!(state.auto && state.auto.roll && !legal.double);
}

/** Whether the viewer's roll cannot be played: nothing to choose, nothing played yet. */
export function cannotMove(state, legal) {
  return !!legal.steps && !legal.steps.length && !(state.steps || []).length;
}

/** Whether the state asks the viewer for a decision (resigning is always optional). */
export function asksViewer(state) {
  return Object.keys(state.legal || {}).some((k) => k !== "resign");
}

/** The dice to draw: the roll being played (used dice dimmed), or the other player's
 * last roll while the viewer is about to roll. */
export function diceModel(state) {
  const l = state.legal || {};
  if (state.dice && state.phase === "moving") {
    const owner = state.turn === state.perspective ? "me" : "them";
    const [a, b] = state.dice;
    const values = a === b ? [a, a, a, a] : [a, b];
    let left;
    if (l.remaining) left = [...l.remaining];
    else {
      left = [...values];
      for (const [x, y] of state.steps || []) {
        const start = x >= 25 ? 25 : x;
        const d = y === 0 ? left.filter((v) => v >= start).sort((m, n) => m - n)[0] : start - y;
        const i = left.indexOf(d);
        if (i >= 0) left.splice(i, 1);
      }
    }
    const used = values.map(() => true);
    for (const v of left) {
      const i = values.findIndex((w, k) => w === v && used[k]);
      if (i >= 0) used[i] = false;
    }
    return { owner, values, used };
  }
  const play = state.last_play;
  if (play && play.dice && state.phase === "rolling" && state.turn === state.perspective && play.player !== state.perspective) {
    return { owner: "them", values: play.dice, used: play.dice.map(() => true) };
  }
  return null;
}

/** The cube as drawn: centred or on its owner's side, or offered to the player who must
 * answer (shown at the new value in front of them). */
export function cubeModel(state) {
  if (!state.settings || !state.settings.cube || !state.cube) return null;
  const seat = state.perspective;
  const side = (s) => (s === null || s === undefined ? null : s === seat ? "me" : "them");
  const offered = state.phase === "doubled" && state.turn !== null && state.turn !== undefined ? side(1 - state.turn) : null;
  return { show: true, value: state.cube.value, enabled: state.cube.enabled, owner: side(state.cube.owner), offered };
}

/** The board model of ``state`` (``position`` to draw another, e.g. during an animation). */
export function boardModel(state, p, sel = null, position = null) {
  const seat = state.perspective;
  const model = {
    variant: state.variant,
    position: position || state.position || startPosition(state.variant),
    colours: [colourOf(state, seat), colourOf(state, 1 - seat)],
    mirror: mirrored(state, p),
    numbers: p.numbers,
    label: t("board.label", { variant: variantName(state.variant) }),
    cube: cubeModel(state),
    dice: diceModel(state),
  };
  if (!position) {
    const marked = markedPlay(state);
    if (marked) model.last = netMoves(marked.places);
  }
  if (sel) Object.assign(model, sel);
  return model;
}
