// The lobby's lists: your unfinished games (a game against the computer waits for you),
// the open tables to join, the games being played to watch, and a field that opens a
// table from its link or number.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "../api.js";
import { seatNames, settingsSummary, variantName } from "../common.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "../refusals.js";
import { clockLabel } from "../timecontrol.js";
import { ensureSession } from "./session.js";

const WATCHED = 8; // games in play listed to watch (the newest)

function title(row) {
  return row.kind === "chouette" ? t("chouette.title", { variant: variantName(row.variant) }) : variantName(row.variant);
}

/** The names at a table, a bot account's with its mark (INTERFACES.md §9). */
function players(row) {
  const parts = [];
  const names = seatNames(row.seats, row.computers);
  row.seats.forEach((s, i) => {
    if (i) parts.push(row.kind === "chouette" ? ", " : " – ");
    parts.push(names[i] || t("table.empty_seat"));
    if (row.bots && row.bots[i]) parts.push(" ", h("span", { class: "tag bot", title: t("bot.account") }, t("bot.mark")));
  });
  return parts;
}

function line(row, action) {
  const free = row.kind === "chouette" && row.status === "open" ? h("span", { class: "tag" }, t("lobby.free_seats", { n: row.seats.filter((x) => !x).length })) : null;
  return h("li", { "data-table": row.id, "data-kind": row.kind || "match", "data-status": row.status },
    h("div", { class: "what" }, h("strong", {}, title(row)), " ", h("span", { class: "muted" }, settingsSummary(row.variant, row.settings)), free,
      row.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null),
    h("div", { class: "muted" }, h("span", { class: "players", "data-names": "1" }, ...players(row)), row.clock ? ` · ${clockLabel(row.clock)}` : ""),
    action);
}

/** Your unfinished games, to go back to; null when there are none. */
export function myGamesCard(rows) {
  const mine = rows.filter((r) => r.mine);
  if (!mine.length) return null;
  const list = h("ul", { class: "tables", id: "my-tables" },
    ...mine.map((row) => line(row, h("a", { class: "button primary", href: `#/table/${row.id}`, "data-continue": row.id }, t("lobby.continue")))));
  return h("section", { class: "card my-games", "aria-labelledby": "my-title" }, h("h2", { id: "my-title" }, t("lobby.your_games")), list);
}

async function join(id) {
  try {
    await ensureSession();
    await api(`/api/tables/${id}/join`, {});
    location.hash = `#/table/${id}`;
  } catch (error) {
    toast(errorText(error));
  }
}

/** The table id in a pasted link (…#/table/ID, …#/join/ID/…) or a bare number. */
export function tableIdFrom(text) {
  const s = String(text || "").trim();
  const linked = /#\/(?:table|join|replay|review)\/([0-9a-zA-Z_-]+)/.exec(s);
  if (linked) return linked[1];
  return /^[0-9a-fA-F]{6,32}$/.test(s) ? s.toLowerCase() : null;
}

/** Open tables to join and games in play to watch, and the field to open any table. */
export function tablesCard(rows) {
  const others = rows.filter((r) => !r.mine);
  const open = others.filter((r) => r.status === "open");
  const playing = others.filter((r) => r.status === "playing").slice(-WATCHED);
  const list = h("ul", { class: "tables", id: "tables" },
    ...open.map((row) => line(row, h("button", { type: "button", class: "primary", "data-join": row.id, onclick: () => join(row.id) }, t("lobby.join")))));
  if (!open.length) list.append(h("li", { class: "muted empty" }, t("lobby.no_tables")));
  const watching = playing.length
    ? [h("h3", {}, t("lobby.in_play")), h("ul", { class: "tables", id: "watch-tables" },
      ...playing.map((row) => line(row, h("a", { class: "button", href: `#/table/${row.id}`, "data-watch": row.id }, t("lobby.watch_game")))))]
    : [];
  const field = h("input", { id: "watch-id", placeholder: t("lobby.table_link"), autocomplete: "off", "aria-label": t("lobby.watch") });
  const form = h("form", { class: "watch-form", onsubmit: (e) => {
    e.preventDefault();
    const id = tableIdFrom(field.value);
    if (id) location.hash = `#/table/${id}`;
    else toast(t("lobby.bad_link"));
  } }, h("label", { for: "watch-id" }, t("lobby.watch")), h("div", { class: "row" }, field, h("button", { type: "submit" }, t("lobby.open"))));
  return h("section", { class: "card", "aria-labelledby": "tables-title" },
    h("h2", { id: "tables-title" }, t("lobby.tables")), list, ...watching, form);
}
