// Shared pieces of the pages: variant names, settings summaries, plays as text, names.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { has, t } from "./i18n.js";
import { facts } from "./variants.js";

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

const PLACE_WORDS = { bar: "notation.bar", in: "notation.in", off: "notation.off" };

/** A play's text as the page shows it: the text the server wrote (docs/PROTOCOL.md, "How
 * plays are written"), in the mover's own numbering with its hits marked whoever looks,
 * with the words for the bar, the reserve and bearing off in the page's language and a
 * roll that could not be played (``-``) in words. The client writes no play of its own.
 * "bar/20* 6/off" reads "banda/20* 6/zdjęcie" in Polish. */
export function playWords(text) {
  if (text === undefined || text === null) return "";
  if (text === "-") return t("notation.none");
  return text.replace(/\b(bar|in|off)\b/g, (word) => t(PLACE_WORDS[word]));
}

/** A play (a record action, the state's ``last_play`` or one of its ``moves``) as the page
 * shows it: its ``text`` through :func:`playWords`. */
export function playText(play) {
  return playWords(play && play.text);
}

export function formatClock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const MADE_UP_GUEST = /^(?:Guest|Gość|Svečias|Гость) (\d{4})$/; // lobby.guest_default in each language

/** A seat's name as shown. The computer's seat is named from its ``level`` (the states'
 * and lists' ``computers``, docs/PROTOCOL.md), numbered ``n`` where several computers sit
 * at one table (:func:`seatNames`); a guest's made-up name ("Гость 1234", given in its
 * maker's language, lobby/session.js) is written in the viewer's; any other name as it is. */
export function seatName(name, level = null, n = null) {
  if (level) {
    const words = { n, level: t(`level.${level}`) };
    return t(n ? "table.computer_n" : "table.computer", words);
  }
  if (!name) return name;
  const guest = MADE_UP_GUEST.exec(name);
  return guest ? t("lobby.guest_default", { n: guest[1] }) : name;
}

/** Every seat's name as shown (:func:`seatName`), from the seats' ``names`` and the
 * computer's level at each (``computers``); where more than one computer sits, they are
 * numbered in seat order. */
export function seatNames(names, computers) {
  const levels = computers || [];
  const several = levels.filter(Boolean).length > 1;
  let count = 0;
  return (names || []).map((name, i) => seatName(name, levels[i], several && levels[i] ? ++count : null));
}

/** The checker colour of ``seat`` in ``state`` (a table state, or a replay frame with
 * ``variant`` and ``starter``): where the variant says so, whoever started the game plays
 * white (LN7, LN11); elsewhere seat 0 (at a chouette the box) is light. */
export function colourOf(state, seat) {
  const byStarter = facts(state.variant).colourByStarter && state.starter !== null && state.starter !== undefined;
  return seat === (byStarter ? state.starter : 0) ? "light" : "dark";
}
