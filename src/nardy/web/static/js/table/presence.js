// Who of the players is at the table (docs/PROTOCOL.md, Presence and the archive): a tag in
// each other player's bar, "at the table", or "away" with the time left to come back
// before the grace runs out, counted down from when the presence arrived.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { formatClock } from "../common.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The presence the table holds: the latest message and when it arrived. */
export function presenceKeeper() {
  let latest = null;
  let at = 0;
  return {
    /** Take in a ``presence`` message. */
    set(doc) {
      latest = doc;
      at = performance.now();
    },
    /** Seat ``seat``'s entry, its ``left`` counted down to now; null when unknown. */
    seat(seat) {
      const entry = latest && latest.seats ? latest.seats[seat] : null;
      if (!entry) return null;
      const spent = (performance.now() - at) / 1000;
      return { ...entry, left: entry.left === null ? null : Math.max(0, entry.left - spent) };
    },
    /** Whether a countdown is running (the bars are drawn again every second). */
    counting() {
      return !!latest && (latest.seats || []).some((e) => e && !e.connected && e.left !== null);
    },
  };
}

/** The tag of ``seat``'s presence in ``state`` (none for your own seat, the computer's,
 * an empty seat, or before the first presence). */
export function presenceTag(state, seat, entry) {
  const name = state.seats[seat];
  if (!entry || seat === state.you || !name || (state.computers || [])[seat]) return null;
  if (entry.connected) {
    return h("span", { class: "tag presence here", "data-presence": "here" }, t("presence.here"));
  }
  const counting = entry.left !== null && entry.left !== undefined;
  const text = counting ? t("presence.away_left", { time: formatClock(entry.left) }) : t("presence.away");
  const attrs = { class: "tag presence away", "data-presence": "away" };
  if (counting) attrs.title = t("presence.grace");
  return h("span", attrs, text);
}
