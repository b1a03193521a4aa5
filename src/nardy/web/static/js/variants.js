// What the client knows about each variant, in one place: the board it draws (start
// position, how the other player's numbering maps onto the viewer's, whether a lone
// checker is hit, heads, a reserve), the lobby's settings and the computer's levels.
// Everything else in the client asks this module, so a variant served as data needs
// no change elsewhere.
// SPDX-License-Identifier: AGPL-3.0-or-later

export const VARIANTS = ["backgammon", "long-nardy", "dutch", "nackgammon"];
export const LEVELS = ["beginner", "casual", "intermediate", "advanced", "expert", "strongest"];
export const LENGTHS = [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25];

const FACTS = {
  backgammon: {
    start: { 24: 2, 13: 5, 8: 3, 6: 5 }, mirror: "opposite", hits: true, reserve: false,
    heads: null, series: false, chouette: true, mat: true, colourByStarter: false, resignOffer: true,
    settings: { match_to: 3, cube: true, crawford: true, jacoby: false, auto_doubles: 0, backgammon_value: 3 },
  },
  nackgammon: {
    start: { 24: 2, 23: 2, 13: 4, 8: 3, 6: 4 }, mirror: "opposite", hits: true, reserve: false,
    heads: null, series: false, chouette: true, mat: false, colourByStarter: false, resignOffer: true,
    settings: { match_to: 3, cube: true, crawford: true, jacoby: false, auto_doubles: 0, backgammon_value: 3 },
  },
  "long-nardy": {
    start: { 24: 15 }, mirror: "half-turn", hits: false, reserve: false,
    heads: { mine: 24, theirs: 12 }, series: true, chouette: false, mat: false, colourByStarter: true, resignOffer: false,
    settings: { match_to: 3, cube: false, crawford: true, scoring: "mars", first_move: "loser", last_roll: false },
  },
  dutch: {
    start: {}, mirror: "opposite", hits: true, reserve: true,
    heads: null, series: true, chouette: false, mat: false, colourByStarter: false, resignOffer: true,
    settings: { match_to: 3, cube: false, crawford: true, enter_all_first: false },
  },
};

/** The facts of ``variant`` (backgammon's for an unknown name). */
export function facts(variant) {
  return FACTS[variant] || FACTS.backgammon;
}

/** The settings a new table of ``variant`` starts from (RULES.md S1). */
export function settingDefaults(variant) {
  return { ...facts(variant).settings };
}

/** The viewer's place for a place in the other player's numbering: points map by the
 * variant's mirror; the bar, the reserve and the tray become the other side's. */
export function theirPlace(n, variant) {
  if (n === 25) return "obar";
  if (n === 26) return "ores";
  if (n === 0) return "ooff";
  if (facts(variant).mirror === "half-turn") return n <= 12 ? n + 12 : n - 12;
  return 25 - n;
}

/** The other player's point number for the viewer's point ``n`` (the same map backwards). */
export function theirNumber(n, variant) {
  if (facts(variant).mirror === "half-turn") return n <= 12 ? n + 12 : n - 12;
  return 25 - n;
}

/** The start of a game, seen by either player (the start is the same for both). */
export function startPosition(variant) {
  const board = new Array(24).fill(0);
  for (const [p, n] of Object.entries(facts(variant).start)) {
    board[Number(p) - 1] += n;
    board[theirNumber(Number(p), variant) - 1] -= n;
  }
  const reserve = facts(variant).reserve ? [15, 15] : [0, 0];
  return { variant, board, bar: [0, 0], off: [0, 0], reserve };
}
