// What the client knows about each variant, in one place, and all of it from the server:
// GET /api/variants (docs/PROTOCOL.md, Variants) gives each variant's start position, how
// the other player's numbering maps onto the viewer's, whether a lone checker is hit, its
// heads and reserve, its settings with their defaults and when they apply, and the
// computer's levels with how strong each was measured to be. Nothing here names a variant, so a variant written in Python needs
// no change in the client. app.js awaits loadVariants() before the first page is drawn;
// everything else is synchronous.
// SPDX-License-Identifier: AGPL-3.0-or-later

/** The variants' names in the server's order (filled by loadVariants). */
export let VARIANTS = [];
/** Every level the computer plays at, weakest first (filled by loadVariants). */
export let LEVELS = [];
/** The match lengths the lobby offers (0: money play or an unlimited series). */
export const LENGTHS = [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25];
/** The length a new table starts with in the lobby. */
const FIRST_LENGTH = 3;

const FACTS = new Map();

/** The server's facts in the shape the pages read. */
function shape(doc) {
  const settings = { match_to: FIRST_LENGTH };
  for (const s of doc.settings) if (s.name !== "match_to") settings[s.name] = s.default;
  return {
    name: doc.name,
    title: doc.title,
    startPosition: doc.start,
    theirPoints: doc.their_points,
    hits: doc.hits,
    bar: doc.bar,
    reserve: doc.reserve,
    heads: doc.heads ? { mine: doc.heads[0], theirs: doc.heads[1] } : null,
    series: doc.series,
    money: doc.money,
    chouette: doc.chouette,
    mat: doc.formats.includes("mat"),
    formats: doc.formats,
    colourByStarter: doc.starter_takes_white,
    resignOffer: doc.resign_levels.length > 0,
    resignLevels: doc.resign_levels,
    results: doc.results,
    settings,
    settingList: doc.settings.filter((s) => s.name !== "match_to"),
    levels: doc.levels,
    strength: doc.strength || {},
  };
}

let loading = null;

/** Fetch the facts of every variant (once; later calls reuse them). */
export function loadVariants() {
  loading ||= fetch("/api/variants")
    .then((response) => {
      if (!response.ok) throw new Error(`GET /api/variants: ${response.status}`);
      return response.json();
    })
    .then((docs) => {
      FACTS.clear();
      for (const doc of docs) FACTS.set(doc.name, shape(doc));
      VARIANTS = docs.map((doc) => doc.name);
      const levels = [];
      for (const doc of docs) for (const level of doc.levels) if (!levels.includes(level)) levels.push(level);
      LEVELS = levels;
    });
  return loading;
}

/** The facts of ``variant`` (the first variant's for an unknown name). */
export function facts(variant) {
  return FACTS.get(variant) || FACTS.get(VARIANTS[0]);
}

/** The variant a page starts with: ``wanted`` when the server plays it, else the first. */
export function variantOr(wanted) {
  return VARIANTS.includes(wanted) ? wanted : VARIANTS[0];
}

/** How strong the computer's ``level`` was measured to be in ``variant``:
 * ``{opponent, points, low, high, wins, games}``, or null when it was not. */
export function strengthOf(variant, level) {
  return facts(variant).strength[level] || null;
}

/** The computer's levels for ``variant`` (none when it has no network). */
export function levelsOf(variant) {
  return facts(variant).levels;
}

/** ``wanted`` when the computer plays ``variant`` at that level, else its middle level. */
export function levelOr(variant, wanted) {
  const levels = levelsOf(variant);
  return levels.includes(wanted) ? wanted : levels[Math.floor((levels.length - 1) / 2)];
}

/** The settings a new table of ``variant`` starts from (RULES.md S1). */
export function settingDefaults(variant) {
  return { ...facts(variant).settings };
}

/** The other player's point number for the viewer's point ``n``. */
export function theirNumber(n, variant) {
  return facts(variant).theirPoints[n - 1];
}

/** The viewer's place for a place in the other player's numbering: points map by the
 * variant's numbering (which is its own inverse); the bar, the reserve and the tray
 * become the other side's. */
export function theirPlace(n, variant) {
  if (n === 25) return "obar";
  if (n === 26) return "ores";
  if (n === 0) return "ooff";
  return theirNumber(n, variant);
}

/** The start of a game, seen by either player (the start is the same for both). */
export function startPosition(variant) {
  const start = facts(variant).startPosition;
  return {
    variant,
    board: [...start.board],
    bar: [...start.bar],
    off: [...start.off],
    reserve: [...start.reserve],
  };
}
