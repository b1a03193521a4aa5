// One tournament (#/tournament/{id}): its standings, each round's pairings and results with
// their tables to play or watch, its players, the time left, joining, leaving and starting
// it, and its chat (tournament_chat.js), beside the page so that refreshes leave it be.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, whoAmI } from "./api.js";
import { formatClock, seatNames, variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { tournamentChat } from "./tournament_chat.js";

export function tournamentView(root, id) {
  const page = h("div", { class: "tournament", id: "tournament" });
  const chat = tournamentChat(id);
  clear(root).append(page, chat.box);
  let me = null;
  let doc = null;

  async function load() {
    try {
      [me, doc] = await Promise.all([whoAmI(), api(`/api/tournaments/${id}`)]);
    } catch (error) {
      clear(page).append(h("section", { class: "card" }, h("p", {}, errorText(error))));
      return;
    }
    chat.setSignedIn(Boolean(me && me.id));
    render();
    chat.poll();
  }

  /** The players' names as shown, in order; the computers named from their levels. */
  const shownNames = () => seatNames(doc.players.map((p) => p.name), doc.players.map((p) => p.computer));
  const names = () => {
    const shown = shownNames();
    return Object.fromEntries(doc.players.map((p, i) => [p.id, shown[i]]));
  };

  async function act(path, body) {
    try {
      await api(`/api/tournaments/${id}/${path}`, body === undefined ? {} : body);
      await load();
    } catch (error) {
      toast(errorText(error));
    }
  }

  function actions() {
    if (!me || !me.id || doc.status === "over") return null;
    const inIt = doc.players.some((p) => p.id === me.id && !p.left);
    const buttons = [];
    if (doc.status === "open" && !inIt) buttons.push(h("button", { type: "button", class: "primary", id: "tournament-join", onclick: () => act("join") }, t("tournament.join")));
    if (inIt) buttons.push(h("button", { type: "button", id: "tournament-leave", onclick: () => act("leave") }, t("tournament.leave")));
    if (doc.status === "open" && doc.creator === me.id) {
      buttons.push(h("button", { type: "button", id: "tournament-computer", onclick: () => act("computers", { level: "expert", count: 1 }) }, t("tournament.add_computer")));
      buttons.push(h("button", { type: "button", class: "primary", id: "tournament-start", onclick: () => act("start") }, t("tournament.start")));
    }
    return h("div", { class: "row" }, buttons);
  }

  function countdown() {
    const end = doc.status === "running" ? doc.ends_at : doc.status === "open" ? doc.starts_at : null;
    if (!end) return null;
    const left = Math.max(0, end - Date.now() / 1000);
    return h("p", { id: "tournament-countdown" }, t(doc.status === "open" ? "tournament.starts_in" : "tournament.ends_in", { time: formatClock(left) }));
  }

  function standings() {
    const who = names();
    return h("div", { class: "scroll-x" }, h("table", { class: "stats", id: "tournament-standings" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "#"),
        h("th", { scope: "col" }, t("tournament.player")),
        h("th", { scope: "col" }, t("tournament.points")),
        h("th", { scope: "col", title: t("tournament.tiebreak_explain") }, t("tournament.tiebreak")),
        h("th", { scope: "col", title: t("tournament.second_explain") }, t("tournament.second")))),
      h("tbody", {}, doc.standings.map((s, k) => h("tr", { "data-player": s.player },
        h("td", {}, String(k + 1)),
        h("th", { scope: "row", "data-names": "" }, h("a", { href: `#/player/${encodeURIComponent(s.player)}` }, who[s.player] || s.player)),
        h("td", {}, String(s.points)),
        h("td", {}, String(s.tiebreak)),
        h("td", {}, String(s.second)))))));
  }

  function pairing(p) {
    const who = names();
    const [a, b] = p.players;
    const mine = me && me.id && p.players.includes(me.id);
    const label = b === null ? t("tournament.bye", { name: who[a] || a }) : `${who[a] || a} – ${who[b] || b}`;
    let result = "";
    if (b !== null && p.winner) result = t("tournament.won_by", { name: who[p.winner] || p.winner });
    const link = p.table && !p.winner
      ? h("a", { href: `#/table/${p.table}`, class: mine ? "primary-link" : null }, mine ? t("tournament.play") : t("tournament.watch"))
      : p.table ? h("a", { href: `#/replay/${p.table}` }, t("tournament.replay")) : null;
    return h("li", { "data-table": p.table || "", class: mine ? "mine" : null }, h("span", { "data-names": "" }, label), " ", h("span", { class: "muted", "data-names": "" }, result), " ", link);
  }

  function rounds() {
    return [...doc.rounds].reverse().map((r) => h("section", { class: "card tournament-round", "data-round": String(r.round) },
      h("h2", {}, doc.format === "arena" ? t("tournament.games") : t("tournament.round", { round: r.round })),
      h("ul", {}, r.pairings.map(pairing))));
  }

  function render() {
    const summary = `${t(`tournament.format.${doc.format}`)} · ${variantName(doc.variant)} · ${t("tournament.match_to", { points: doc.match_to })}`;
    clear(page).append(
      h("section", { class: "card" },
        h("h1", { "data-names": "" }, doc.name),
        h("p", {}, summary),
        h("p", { id: "tournament-status" }, t(`tournament.status.${doc.status}`, { round: doc.round })),
        countdown(),
        actions(),
        h("h2", {}, t("tournament.standings")),
        standings(),
        h("h2", {}, t("tournament.players")),
        h("p", { "data-names": "" }, shownNames().join(", "))),
      ...rounds());
  }

  load();
  const timer = setInterval(async () => {
    chat.poll();
    const before = JSON.stringify(doc);
    try {
      doc = await api(`/api/tournaments/${id}`);
    } catch {
      return;
    }
    if (JSON.stringify(doc) !== before || doc.ends_at || doc.starts_at) render();
  }, 2000);
  return { rerender: () => { chat.render(); if (doc) render(); }, close: () => clearInterval(timer) };
}
