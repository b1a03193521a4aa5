// The home page: one click to play the computer (with a board to look at), your games,
// the open tables and the games in play, the custom game form, the account. On a phone
// they come in that order; on a wide screen in two columns.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, whoAmI } from "./api.js";
import { seatNames, settingsSummary, variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { accountCard } from "./lobby/account.js";
import { createCard, newForm } from "./lobby/create.js";
import { myGamesCard, tablesCard } from "./lobby/lists.js";
import { quickCard } from "./lobby/quick.js";
import { rulesLink } from "./rules_link.js";
import { timeControls } from "./timecontrol.js";
import { tournamentsCard } from "./tournaments.js";
import { fetchTurns } from "./turns.js";
import { turnsCard } from "./lobby/turns.js";
import { VARIANTS } from "./variants.js";
import { ensureSession } from "./lobby/session.js";

export function lobbyView(root) {
  let me = null;
  let tables = [];
  let tournaments = [];
  let turns = [];
  const form = newForm();
  // The custom form comes after the quick game and the lists, open (it may be folded).
  const ui = { account: "login", accountOpen: false, customOpen: true };

  const page = h("div", { class: "lobby" });
  clear(root).append(page);

  async function load() {
    me = await whoAmI(true).catch(() => null); // offline: the lobby without a name
    await Promise.all([refreshTables(), timeControls(), refreshTournaments(), refreshTurns()]);
    render();
  }

  async function refreshTables() {
    try {
      tables = await api("/api/tables");
    } catch {
      tables = [];
    }
  }

  async function refreshTurns() {
    turns = await fetchTurns();
  }

  /** The "your turn" list (first on the page: it is what waits for you), or nothing. */
  function turnsSlot() {
    const card = turnsCard(turns);
    return h("div", { id: "turns-slot" }, ...(card ? [card] : []));
  }

  async function refreshTournaments() {
    try {
      ({ tournaments } = await api("/api/tournaments"));
    } catch {
      tournaments = [];
    }
  }

  function render() {
    const focusId = document.activeElement && document.activeElement.id;
    const custom = createCard(form, render, ui.customOpen, me);
    custom.addEventListener("toggle", () => { ui.customOpen = custom.open; });
    const mine = myGamesCard(tables);
    clear(page).append(h("div", { class: "lobby-grid" },
      h("div", { class: "col main-col" }, turnsSlot(), quickCard(me, render), custom),
      h("div", { class: "col side-col" }, h("div", { class: "lists", id: "lobby-lists" }, ...(mine ? [mine] : []), tablesCard(tables)),
        tournamentsCard(tournaments), accountCard(me, load, ui), aboutCard())));
    if (focusId) {
      const again = document.getElementById(focusId);
      if (again) again.focus({ preventScroll: true });
    }
  }

  function aboutCard() {
    return h("section", { class: "card muted-card about" },
      h("h2", {}, t("lobby.about_title")),
      h("p", {}, t("lobby.about")),
      h("p", {}, h("a", { href: "#/dice" }, t("dice.title"))),
      h("h2", {}, t("lobby.how_to_play")),
      h("ul", { class: "rules-links", id: "lobby-rules" },
        ...VARIANTS.map((x) => h("li", {}, rulesLink(x))),
        h("li", {}, rulesLink("", true))),
      h("p", {}, h("a", { href: `#/ratings/${VARIANTS[0]}`, id: "lobby-ratings" }, t("lobby.ratings"))));
  }

  load();
  const timer = setInterval(async () => {
    const active = document.activeElement;
    if (active && active.id === "watch-id") return;
    await Promise.all([refreshTables(), refreshTurns()]);
    const slot = document.getElementById("turns-slot");
    if (slot) slot.replaceWith(turnsSlot());
    const lists = document.getElementById("lobby-lists");
    if (!lists) return;
    const mine = myGamesCard(tables);
    lists.replaceChildren(...(mine ? [mine] : []), tablesCard(tables));
  }, 4000);

  return {
    rerender: render,
    close: () => clearInterval(timer),
  };
}

/** #/join/{id}/{invite}: sit at a private table once the visitor says so (a newcomer
 * is made a guest first). */
export async function joinView(root, tableId, invite) {
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  let me = null;
  let table = null;
  try {
    me = await ensureSession();
    table = await api(`/api/tables/${tableId}${query}`);
  } catch (error) {
    toast(errorText(error));
    location.hash = "#/";
    return { close() {}, rerender() {} };
  }
  if (table.you !== null && table.you !== undefined) {
    location.hash = `#/table/${tableId}`;
    return { close() {}, rerender() {} };
  }
  function render() {
    const players = seatNames(table.seats, table.computers).filter(Boolean).join(", ");
    clear(root).append(
      h("section", { class: "card join-card", "aria-labelledby": "join-title" },
        h("h2", { id: "join-title" }, t("join.title")),
        h("p", {}, `${variantName(table.variant)} · ${settingsSummary(table.variant, table.settings)}`),
        players ? h("p", {}, t("join.players", { names: players })) : null,
        h("p", {}, t("join.question", { name: me.name })),
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary", id: "join-accept", onclick: async () => {
            try {
              await api(`/api/tables/${tableId}/join`, { invite });
              location.hash = `#/table/${tableId}`;
            } catch (error) {
              toast(errorText(error));
            }
          } }, t("join.accept")),
          h("button", { type: "button", id: "join-decline", onclick: () => { location.hash = "#/"; } }, t("join.decline")))));
  }
  render();
  return { close() {}, rerender: render };
}
