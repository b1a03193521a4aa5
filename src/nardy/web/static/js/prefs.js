// The player's display and automation preferences, kept in this browser.
// SPDX-License-Identifier: AGPL-3.0-or-later

const KEY = "nardy.prefs";
const DEFAULTS = {
  orientation: "right", // home board bottom right (RULES.md S4) or "left"
  switch_sides: false, // switch sides automatically after each game
  auto_roll: false, // S5: roll automatically when no double is possible
  auto_moves: false, // S5: play forced moves automatically
  animate: true,
  numbers: true, // point numbers on the board
  sounds: true, // a checker set down, dice, your turn (sound.js)
  dice_text: "", // the player's own contribution to every game's dice; empty: random
};

export function prefs() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function setPrefs(changes) {
  const next = { ...prefs(), ...changes };
  localStorage.setItem(KEY, JSON.stringify(next));
  window.dispatchEvent(new CustomEvent("nardy:prefs", { detail: next }));
  return next;
}
