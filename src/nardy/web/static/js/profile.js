// A player's page (#/player/{id}, #/player/me): matches and wins per game, ratings, and every
// match, finished or not, with its replay, review, record and .mat.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, whoAmI } from "./api.js";
import { seatName, settingsSummary, variantName } from "./common.js";
import { clear, h } from "./dom.js";
import { language, t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { rulesLink } from "./rules_link.js";
import { challengeCard } from "./challenge.js";
import { ratingGraph } from "./rating_graph.js";
import { tokensCard } from "./tokens.js";

const PAGE = 20;

/** A rating as shown: 1563, or 1500? while it is provisional. */
export function ratingText(rating) {
  if (!rating) return t("profile.unrated");
  return `${Math.round(rating.rating)}${rating.provisional ? "?" : ""}`;
}

/** A player's or a computer level's name. */
export function holderName(holder) {
  if (!holder) return t("table.empty_seat");
  return seatName(holder.name, holder.computer);
}

/** The bot mark after a bot account's name (INTERFACES.md §9), or nothing. */
export function botMark(holder) {
  return holder && holder.bot ? h("span", { class: "tag bot", title: t("bot.account") }, t("bot.mark")) : null;
}

export function profileView(root, playerId) {
  const page = h("div", { class: "profile", id: "profile" });
  clear(root).append(page);
  let id = playerId;
  let profile = null;
  let games = [];
  let more = false;
  let closed = false;
  let me = null;
  let history = null; // the rating after each rated result

  async function load() {
    try {
      me = await whoAmI(id === "me");
      if (id === "me") {
        if (!me.id) {
          clear(page).append(h("section", { class: "card" }, h("p", {}, t("profile.sign_in")), h("a", { class: "button", href: "#/" }, t("nav.lobby"))));
          return;
        }
        id = me.id;
      }
      [profile, games, history] = await Promise.all([
        api(`/api/players/${encodeURIComponent(id)}`),
        api(`/api/players/${encodeURIComponent(id)}/games?limit=${PAGE}`),
        api(`/api/players/${encodeURIComponent(id)}/ratings`),
      ]);
      more = games.length === PAGE;
    } catch (error) {
      clear(page).append(h("section", { class: "card" }, h("p", {}, errorText(error))));
      return;
    }
    if (!closed) render();
  }

  async function loadMore() {
    const next = await api(`/api/players/${encodeURIComponent(id)}/games?limit=${PAGE}&offset=${games.length}`);
    games = [...games, ...next];
    more = next.length === PAGE;
    render();
  }

  function render() {
    if (!profile) return;
    const name = holderName(profile);
    const kind = profile.computer ? t("profile.computer_note") : profile.bot ? t("profile.bot") : profile.registered ? t("profile.registered") : t("profile.guest");
    const own = me && me.id === profile.id && me.registered;
    clear(page).append(
      h("section", { class: "card" },
        h("h1", { id: "profile-name" }, name, " ", botMark(profile)),
        h("p", { class: "muted" }, kind),
        h("p", { id: "profile-summary" }, t("profile.summary", { games: profile.games, wins: profile.wins, unfinished: profile.unfinished })),
        variantsTable()),
      ...[ratingGraph(history)].filter(Boolean),
      h("section", { class: "card" },
        h("h2", {}, t("profile.history")),
        gamesList(),
        more ? h("button", { type: "button", id: "profile-more", onclick: loadMore }, t("profile.more")) : null),
      ...(own ? [tokensCard()] : []),
      ...(profile.bot && !own ? [challengeCard(profile.id)] : []));
  }

  function variantsTable() {
    if (!profile.variants.length) return h("p", { class: "muted" }, t("profile.no_variants"));
    return h("div", { class: "scroll-x" }, h("table", { class: "stats", id: "profile-variants" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("profile.variant")),
        h("th", { scope: "col" }, t("profile.games")),
        h("th", { scope: "col" }, t("profile.wins")),
        h("th", { scope: "col" }, t("profile.rating")))),
      h("tbody", {}, profile.variants.map((v) => h("tr", { "data-variant": v.variant },
        h("th", { scope: "row" }, h("a", { href: `#/ratings/${v.variant}` }, variantName(v.variant))),
        h("td", {}, String(v.games)),
        h("td", {}, String(v.wins)),
        h("td", { class: "rating" }, ratingText(v.rating), v.rating ? h("span", { class: "muted" }, ` ±${Math.round(v.rating.deviation)}`) : null))))));
  }

  function outcome(game) {
    if (game.status === "aborted") return h("span", { class: "tag" }, t("profile.aborted"));
    if (game.status !== "over") return h("span", { class: "tag" }, t(game.status === "open" ? "profile.waiting" : "profile.playing"));
    if (game.won === null) return h("span", { class: "tag" }, t("profile.ended"));
    return h("span", { class: `tag ${game.won ? "won" : "lost"}` }, t(game.won ? "profile.won" : "profile.lost"));
  }

  function gamesList() {
    if (!games.length) return h("p", { class: "muted" }, t("profile.none"));
    const list = h("ul", { class: "history", id: "profile-games" });
    for (const game of games) {
      const others = game.players.filter((_, seat) => seat !== game.seat);
      const against = others.map((p) => (p ? h("a", { href: `#/player/${encodeURIComponent(p.id)}` }, holderName(p)) : t("table.empty_seat")));
      const score = game.score ? ` ${game.score[game.seat] ?? 0}–${game.score[1 - game.seat] ?? 0}` : "";
      const change = game.rating_change
        ? h("span", { class: "rating-change" }, ` ${game.rating_change.after >= game.rating_change.before ? "+" : ""}${Math.round(game.rating_change.after - game.rating_change.before)}`)
        : null;
      const links = game.links || {};
      const actions = [];
      if (game.status === "open" || game.status === "playing") actions.push(h("a", { href: links.table }, t("profile.open_table")));
      if (links.replay) actions.push(h("a", { href: links.replay }, t("profile.replay")));
      if (links.review) actions.push(h("a", { href: links.review }, t("profile.review")));
      if (links.record) actions.push(h("a", { href: links.record, download: `${game.id}.json` }, t("profile.record")));
      if (links.mat) actions.push(h("a", { href: links.mat }, t("profile.mat")));
      list.append(h("li", { "data-table": game.id, "data-status": game.status },
        h("div", { class: "history-head" },
          h("strong", {}, game.kind === "chouette" ? t("chouette.title", { variant: variantName(game.variant) }) : variantName(game.variant)), " ",
          outcome(game), score, change,
          game.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null),
        h("div", { class: "muted" }, when(game), " · ", settingsSummary(game.variant, game.settings), " · ", t("profile.against"), " ", ...joinWith(against, ", ")),
        h("div", { class: "history-links" }, ...joinWith(actions, " · "), " · ", rulesLink(game.variant, game.kind === "chouette"))));
    }
    return list;
  }

  load();
  return {
    rerender: render,
    close: () => { closed = true; },
  };
}

/** The day a match ended, or began while it is not over, in the page's language. */
function when(game) {
  const at = new Date((game.finished || game.created) * 1000);
  return h("time", { datetime: at.toISOString() }, at.toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" }));
}

function joinWith(items, separator) {
  return items.flatMap((item, n) => (n ? [separator, item] : [item]));
}
