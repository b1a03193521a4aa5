// Your turn by correspondence (docs/PROTOCOL.md, "Correspondence"): the tables of GET
// /api/me/turns, the count in the page header, and how long is left at each.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { t } from "./i18n.js";

const EVERY = 15000; // ms between asks away from the lobby, which asks with its own lists
let latest = [];
let signedIn = false; // nobody to ask for without a session (the answer would be a 401)

/** Time left in words, to the minute: "2 d 3 h", "5 h 12 min", "12 min". */
export function timeLeft(seconds) {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const d = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (d) return t("turns.days", { d, h: hours });
  if (hours) return t("turns.hours", { h: hours, m: minutes % 60 });
  return t("turns.minutes", { m: minutes % 60 });
}

/** The tables waiting for your move, asked again (none without a session); the header's
 * count follows. */
export async function fetchTurns() {
  try {
    ({ turns: latest } = signedIn ? await api("/api/me/turns") : { turns: [] });
  } catch {
    latest = [];
  }
  showCount();
  return latest;
}

/** The header's link to the lobby's list, with the count of tables waiting for you. */
function showCount() {
  const badge = document.getElementById("turns-badge");
  if (!badge) return;
  const label = t("turns.badge", { n: latest.length });
  badge.hidden = !latest.length;
  badge.textContent = String(latest.length);
  badge.setAttribute("aria-label", label);
  badge.title = label;
}

/** Keep the header's count up to date on every page; ``me`` is who the page belongs to
 * (GET /api/me), followed when it changes. */
export function watchTurns(me) {
  signedIn = !!(me && me.id);
  fetchTurns();
  setInterval(fetchTurns, EVERY);
  window.addEventListener("nardy:me", (e) => {
    signedIn = !!(e.detail && e.detail.id);
    fetchTurns();
  });
  window.addEventListener("nardy:language", showCount);
}
