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
  theme: "system", // "light", "dark", or as the system says (prefers-color-scheme)
};

/** When css/dark.css applies, for each theme setting (the link's media query). */
const DARK_WHEN = { system: "(prefers-color-scheme: dark)", light: "not all", dark: "all" };

/** Apply the theme setting ``theme`` to the page (css/dark.css on, off, or as the system). */
export function applyTheme(theme) {
  const link = document.getElementById("dark-theme");
  if (link) link.media = DARK_WHEN[theme] || DARK_WHEN.system;
}

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
