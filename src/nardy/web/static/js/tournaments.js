// Tournaments (#/tournaments): the upcoming, running and finished ones, and the form that
// creates one (Swiss, knock-out or arena); the lobby shows the same list, shorter.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, whoAmI } from "./api.js";
import { variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { VARIANTS } from "./variants.js";

const FORMATS = ["swiss", "knockout", "arena"];
const GROUPS = [["open", "tournaments.upcoming"], ["running", "tournaments.running"], ["over", "tournaments.finished"]];

/** The tournaments, grouped by status (a few of each when ``limit`` is given). */
export function tournamentList(all, limit = null) {
  const groups = GROUPS.map(([status, title]) => {
    const some = all.filter((x) => x.status === status).slice(0, limit || undefined);
    return h("div", { class: "tournament-group", "data-status": status },
      h("h3", {}, t(title)),
      some.length
        ? h("ul", { class: "tournament-list" }, some.map((x) => h("li", { "data-tournament": x.id },
            h("a", { href: `#/tournament/${x.id}`, "data-names": "" }, x.name),
            " ",
            h("span", { class: "muted" }, `${t(`tournament.format.${x.format}`)} · ${variantName(x.variant)} · ${t("tournament.players_count", { count: x.players })}`))))
        : h("p", { class: "muted" }, t("tournaments.none")));
  });
  return h("div", { class: "tournament-groups" }, groups);
}

/** The lobby's card: a few tournaments of each kind and a link to them all. */
export function tournamentsCard(all) {
  return h("section", { class: "card", id: "lobby-tournaments" },
    h("h2", {}, t("tournaments.title")),
    tournamentList(all, 3),
    h("p", {}, h("a", { href: "#/tournaments" }, t("tournaments.all"))));
}

export function tournamentsView(root) {
  const page = h("div", { class: "tournaments", id: "tournaments" });
  clear(root).append(page);
  let all = [];
  let me = null;
  const form = { name: "", variant: VARIANTS[0], format: "swiss", rounds: 3, minutes: 30, match_to: 1, max_players: 64, rated: false };

  async function load() {
    try {
      [me, { tournaments: all }] = await Promise.all([whoAmI(), api("/api/tournaments")]);
    } catch (error) {
      toast(errorText(error));
    }
    render();
  }

  function field(label, control) {
    return h("label", { class: "field" }, h("span", {}, label), control);
  }

  function input(key, attrs) {
    return h("input", { ...attrs, id: `tournament-${key}`, value: String(form[key]), oninput: (e) => {
      form[key] = attrs.type === "number" ? Number(e.target.value) : e.target.value;
    } });
  }

  function select(key, values, name) {
    return h("select", { id: `tournament-${key}`, onchange: (e) => { form[key] = e.target.value; render(); } },
      values.map((v) => h("option", { value: v, selected: v === form[key] }, name(v))));
  }

  async function create(event) {
    event.preventDefault();
    try {
      const { id } = await api("/api/tournaments", { ...form, name: form.name || t("tournaments.default_name") });
      location.hash = `#/tournament/${id}`;
    } catch (error) {
      toast(errorText(error));
    }
  }

  function createForm() {
    if (!me || !me.id) return h("p", { class: "muted" }, t("tournaments.sign_in"));
    return h("form", { class: "tournament-form", id: "tournament-form", onsubmit: create },
      field(t("tournaments.name"), input("name", { type: "text", maxlength: 80, placeholder: t("tournaments.default_name") })),
      field(t("tournaments.game"), select("variant", VARIANTS, variantName)),
      field(t("tournaments.format"), select("format", FORMATS, (f) => t(`tournament.format.${f}`))),
      form.format === "swiss" ? field(t("tournaments.rounds"), input("rounds", { type: "number", min: 1, max: 50 })) : null,
      form.format === "arena" ? field(t("tournaments.minutes"), input("minutes", { type: "number", min: 1, max: 1440 })) : null,
      field(t("tournaments.match_to"), input("match_to", { type: "number", min: 1, max: 25 })),
      field(t("tournaments.max_players"), input("max_players", { type: "number", min: 2, max: 1024 })),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "tournament-rated", checked: form.rated, onchange: (e) => { form.rated = e.target.checked; } }), t("tournaments.rated")),
      h("button", { type: "submit", class: "primary", id: "tournament-create" }, t("tournaments.create")));
  }

  function render() {
    clear(page).append(
      h("section", { class: "card" }, h("h1", {}, t("tournaments.title")), tournamentList(all)),
      h("section", { class: "card" }, h("h2", {}, t("tournaments.new")), createForm()));
  }

  load();
  const timer = setInterval(async () => {
    try {
      ({ tournaments: all } = await api("/api/tournaments"));
    } catch {
      return;
    }
    const list = page.querySelector(".tournament-groups");
    if (list) list.replaceWith(tournamentList(all));
  }, 5000);
  return { rerender: render, close: () => clearInterval(timer) };
}
