// Shared pieces of the pages: variant names, settings summaries, move notation, names.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { has, t } from "./i18n.js";
import { facts, theirNumber } from "./variants.js";

/** A variant's name in the page's language (the server's title for one we have no words for). */
export function variantName(variant) {
  const key = `variant.${variant}`;
  return has(key) ? t(key) : facts(variant).title;
}

/** "match to 5" or, where a variant plays series, "series to 5"; 0 is money or unlimited. */
export function lengthText(variant, n) {
  const series = facts(variant).series;
  if (!n) return series ? t("summary.unlimited") : t("summary.money");
  return series ? t("summary.series_to", { n }) : t("summary.match_to", { n });
}

/** A short description of a table's settings: its length, the cube, and the settings the
 * variant marks for a summary. */
export function settingsSummary(variant, settings = {}) {
  const parts = [lengthText(variant, settings.match_to)];
  if (settings.cube) parts.push(t("summary.cube"));
  for (const s of facts(variant).settingList) {
    if (s.summary && settings[s.name] !== undefined) parts.push(t(`summary.${s.name}_${settings[s.name]}`));
  }
  return parts.join(" · ");
}

/** Steps written as players write them (24/20 13/off bar/22 in/20, 13/7(2)), in the
 * numbering of ``viewer`` when the mover is somebody else. */
export function notation(steps, { mover = null, viewer = null, variant = null } = {}) {
  if (!steps || !steps.length) return t("notation.none");
  const turn = mover !== null && viewer !== null && mover !== viewer;
  const word = (n, from) => {
    if (from && n === 25) return t("notation.bar");
    if (from && n === 26) return t("notation.in");
    if (!from && n === 0) return t("notation.off");
    return String(turn ? theirNumber(n, variant) : n);
  };
  const written = steps.map(([a, b]) => `${word(a, true)}/${word(b, false)}`);
  const counted = [];
  for (const w of written) {
    const last = counted[counted.length - 1];
    if (last && last[0] === w) last[1] += 1;
    else counted.push([w, 1]);
  }
  return counted.map(([w, k]) => (k > 1 ? `${w}(${k})` : w)).join(" ");
}

export function formatClock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const MADE_UP_GUEST = /^(?:Guest|Gość|Svečias|Гость) (\d{4})$/; // lobby.guest_default in each language

/** A seat's name as shown: the server names the computer "computer (level)", and at a
 * chouette "computer N (level)"; a guest's made-up name ("Гость 1234", given in its
 * maker's language, lobby/session.js) is written in the viewer's. */
export function seatName(name) {
  if (!name) return name;
  const guest = MADE_UP_GUEST.exec(name);
  if (guest) return t("lobby.guest_default", { n: guest[1] });
  const m = /^computer \((\w+)\)$/.exec(name);
  if (m) return t("table.computer", { level: t(`level.${m[1]}`) });
  const n = /^computer (\d+) \((\w+)\)$/.exec(name);
  return n ? t("table.computer_n", { n: n[1], level: t(`level.${n[2]}`) }) : name;
}

/** The checker colour of ``seat`` in ``state`` (a table state, or a replay frame with
 * ``variant`` and ``starter``): where the variant says so, whoever started the game plays
 * white (LN7, LN11); elsewhere seat 0 (at a chouette the box) is light. */
export function colourOf(state, seat) {
  const byStarter = facts(state.variant).colourByStarter && state.starter !== null && state.starter !== undefined;
  return seat === (byStarter ? state.starter : 0) ? "light" : "dark";
}
