// Shared pieces of the pages: variant names, settings summaries, step notation.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { t } from "./i18n.js";

export const VARIANTS = ["backgammon", "long-nardy", "dutch", "nackgammon"];

export function variantName(variant) {
  return t(`variant.${variant}`);
}

/** A short description of a table's settings. */
export function settingsSummary(variant, settings = {}) {
  const parts = [];
  parts.push(settings.match_to ? t("summary.match_to", { n: settings.match_to })
    : variant === "long-nardy" ? t("summary.unlimited") : t("summary.money"));
  if (settings.cube) parts.push(t("summary.cube"));
  if (variant === "long-nardy") parts.push(t(`scoring.${settings.scoring || "mars"}`));
  return parts.join(" · ");
}

/** The viewer's place for a point number in the other player's numbering. */
export function theirPlace(n, variant) {
  if (n === 25) return "obar";
  if (n === 26) return "ores";
  if (n === 0) return "ooff";
  if (variant === "long-nardy") return n <= 12 ? n + 12 : n - 12;
  return 25 - n;
}

/** Steps written as players write them: 24/20 13/off bar/22 in/20. */
export function notation(steps) {
  if (!steps || !steps.length) return t("notation.none");
  const word = (n, from) => {
    if (from && n === 25) return t("notation.bar");
    if (from && n === 26) return t("notation.in");
    if (!from && n === 0) return t("notation.off");
    return String(n);
  };
  return steps.map(([a, b]) => `${word(a, true)}/${word(b, false)}`).join(" ");
}

export function formatClock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The start of each variant (data for replays), in player 0's numbering. */
export function startPosition(variant) {
  const board = new Array(24).fill(0);
  const own = {
    backgammon: { 24: 2, 13: 5, 8: 3, 6: 5 },
    nackgammon: { 24: 2, 23: 2, 13: 4, 8: 3, 6: 4 },
    "long-nardy": { 24: 15 },
    dutch: {},
  }[variant] || {};
  for (const [p, n] of Object.entries(own)) {
    board[Number(p) - 1] += n;
    const q = variant === "long-nardy" ? (p <= 12 ? Number(p) + 12 : Number(p) - 12) : 25 - Number(p);
    board[q - 1] -= n;
  }
  const reserve = variant === "dutch" ? [15, 15] : [0, 0];
  return { variant, board, bar: [0, 0], off: [0, 0], reserve };
}

/** A seat's name as shown: the server names the computer "computer (level)", and at a
 * chouette "computer N (level)". */
export function seatName(name) {
  if (!name) return name;
  const m = /^computer \((\w+)\)$/.exec(name);
  if (m) return t("table.computer", { level: t(`level.${m[1]}`) });
  const n = /^computer (\d+) \((\w+)\)$/.exec(name);
  return n ? t("table.computer_n", { n: n[1], level: t(`level.${n[2]}`) }) : name;
}
