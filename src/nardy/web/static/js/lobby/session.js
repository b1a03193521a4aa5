// A session when one is needed: a newcomer plays at once under a made-up guest name
// (changed later in the account card).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, setMe, whoAmI } from "../api.js";
import { t } from "../i18n.js";

/** The signed-in player, made a guest with a made-up name if there was none. */
export async function ensureSession() {
  const me = await whoAmI(true);
  if (me && me.id) return me;
  const number = 1000 + Math.floor(Math.random() * 9000);
  const guest = await api("/api/guest", { name: t("lobby.guest_default", { n: number }) });
  setMe(guest);
  return guest;
}

/** Create a table (making a guest first if needed) and open it. */
export async function startTable(body) {
  await ensureSession();
  const table = await api("/api/tables", body);
  if (table.invite) sessionStorage.setItem(`nardy.invite.${table.id}`, table.invite);
  location.hash = `#/table/${table.id}`;
  return table;
}
