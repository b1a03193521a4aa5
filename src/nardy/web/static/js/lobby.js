// The lobby: signing in, creating a table with every setting of its variant, open tables.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, setMe, whoAmI } from "./api.js";
import { VARIANTS, seatName, settingsSummary, variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { rulesLink } from "./rules_link.js";
import { clockLabel, timeControlSelect, timeControls } from "./timecontrol.js";

const LENGTHS = [0, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25];
const LEVELS = ["beginner", "casual", "intermediate", "advanced", "expert", "strongest"];
const BACKGAMMONS = new Set(["backgammon", "nackgammon"]);

/** The settings each variant knows (src/nardy/rules/settings.py) and their defaults. */
function settingDefaults(variant) {
  const base = { match_to: 3, cube: true, crawford: true };
  if (BACKGAMMONS.has(variant)) return { ...base, jacoby: false, auto_doubles: 0, backgammon_value: 3 };
  if (variant === "long-nardy") return { ...base, cube: false, scoring: "mars", first_move: "loser", last_roll: false };
  if (variant === "dutch") return { ...base, cube: false, enter_all_first: false };
  return base;
}

function afterSignIn() {
  const next = sessionStorage.getItem("nardy.after_signin");
  if (!next) return false;
  sessionStorage.removeItem("nardy.after_signin");
  location.hash = next;
  return true;
}

export function lobbyView(root) {
  let me = null;
  let form = { variant: "backgammon", settings: settingDefaults("backgammon"), opponent: "computer", level: "expert", seat: "random", time_control: "", rated: false, kind: "match", participants: 3, computers: 2 };
  let tables = [];
  let timer = null;
  let account = "guest";

  const page = h("div", { class: "lobby" });
  clear(root).append(page);

  async function load() {
    me = await whoAmI(true);
    await Promise.all([refreshTables(), timeControls()]);
    render();
  }

  async function refreshTables() {
    try {
      tables = await api("/api/tables");
    } catch {
      tables = [];
    }
  }

  function render() {
    const focusId = document.activeElement && document.activeElement.id;
    clear(page);
    page.append(h("div", { class: "lobby-grid" },
      h("div", { class: "col" }, signInCard(), me && me.id ? createCard() : null),
      h("div", { class: "col" }, tablesCard(), aboutCard())));
    if (focusId) {
      const again = document.getElementById(focusId);
      if (again) again.focus();
    }
  }

  // -- signing in

  function signInCard() {
    if (me && me.id) {
      return h("section", { class: "card", "aria-labelledby": "you-title" },
        h("h2", { id: "you-title" }, t("lobby.signed_in", { name: me.name })),
        h("p", { class: "muted" }, me.registered ? t("lobby.registered") : t("lobby.guest_note")),
        h("p", {}, h("a", { href: "#/player/me", id: "my-games" }, t("lobby.my_games"))),
        h("button", { type: "button", id: "logout", onclick: async () => {
          await api("/api/logout", {});
          setMe({ id: null });
          await load();
        } }, t("lobby.logout")));
    }
    const name = h("input", { id: "guest-name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" });
    const guest = h("form", { class: "stack", onsubmit: async (e) => {
      e.preventDefault();
      try {
        setMe(await api("/api/guest", { name: name.value.trim() }));
        if (!afterSignIn()) await load();
      } catch (error) {
        toast(t("error.server", { message: error.message }));
      }
    } },
    h("label", { for: "guest-name" }, t("lobby.your_name")),
    name,
    h("button", { type: "submit", class: "primary", id: "play-guest" }, t("lobby.play_guest")));

    const user = h("input", { id: "account-name", required: true, maxlength: "40", autocomplete: "username" });
    const password = h("input", { id: "account-password", type: "password", required: true, minlength: "8", autocomplete: account === "login" ? "current-password" : "new-password" });
    const accountForm = h("form", { class: "stack", onsubmit: async (e) => {
      e.preventDefault();
      try {
        setMe(await api(account === "login" ? "/api/login" : "/api/register", { name: user.value.trim(), password: password.value }));
        if (!afterSignIn()) await load();
      } catch (error) {
        toast(t("error.server", { message: error.message }));
      }
    } },
    h("label", { for: "account-name" }, t("lobby.account_name")), user,
    h("label", { for: "account-password" }, t("lobby.password")), password,
    h("button", { type: "submit", id: "account-submit" }, account === "login" ? t("lobby.login") : t("lobby.register")));

    return h("section", { class: "card", "aria-labelledby": "signin-title" },
      h("h2", { id: "signin-title" }, t("lobby.welcome")),
      h("p", {}, t("lobby.intro")),
      guest,
      h("details", { class: "account", open: account !== "guest" },
        h("summary", {}, t("lobby.account")),
        h("div", { class: "row", role: "group" },
          h("button", { type: "button", class: account !== "register" ? "selected" : "", "aria-pressed": String(account !== "register"), onclick: () => { account = "login"; render(); } }, t("lobby.login")),
          h("button", { type: "button", class: account === "register" ? "selected" : "", "aria-pressed": String(account === "register"), onclick: () => { account = "register"; render(); } }, t("lobby.register"))),
        accountForm));
  }

  // -- creating a table

  function field(id, label, control, hint) {
    return h("div", { class: "field" }, h("label", { for: id }, label), control, hint ? h("small", { class: "muted" }, hint) : null);
  }

  function check(id, label, key, disabled = false) {
    const box = h("input", { type: "checkbox", id, checked: key === "backgammon_value" ? form.settings[key] === 2 : !!form.settings[key], disabled, onchange: (e) => {
      form.settings[key] = key === "backgammon_value" ? (e.target.checked ? 2 : 3) : e.target.checked;
      render();
    } });
    return h("div", { class: "field check" }, box, h("label", { for: id }, label));
  }

  function select(id, options, value, onchange) {
    const s = h("select", { id, onchange: (e) => onchange(e.target.value) });
    for (const [v, label] of options) s.append(h("option", { value: String(v), selected: String(v) === String(value) }, label));
    return s;
  }

  function createCard() {
    const v = form.variant;
    const s = form.settings;
    const money = s.match_to === 0;
    const variantSelect = select("variant", VARIANTS.map((x) => [x, variantName(x)]), v, (value) => {
      form.variant = value;
      form.settings = settingDefaults(value);
      if (!BACKGAMMONS.has(value)) form.kind = "match";
      if (form.kind === "chouette") form.settings.match_to = 0;
      render();
    });
    const chouette = form.kind === "chouette";
    const lengths = LENGTHS.map((n) => [n, n === 0 ? (v === "long-nardy" ? t("create.unlimited") : t("create.money")) : t("create.points", { n })]);
    const fields = [
      h("div", { class: "field" }, h("label", { for: "variant" }, t("create.variant")), variantSelect,
        rulesLink(v, form.kind === "chouette", { id: "create-rules" })),
      chouette ? null : field("match_to", v === "long-nardy" || v === "dutch" ? t("create.series_to") : t("create.match_to"),
        select("match_to", lengths, s.match_to, (value) => { s.match_to = Number(value); if (s.match_to) { if ("jacoby" in s) s.jacoby = false; if ("auto_doubles" in s) s.auto_doubles = 0; } render(); })),
      check("cube", v === "dutch" ? t("create.dutch_cube") : t("create.cube"), "cube"),
      chouette ? null : check("crawford", t("create.crawford"), "crawford", !s.cube || money),
    ].filter(Boolean);
    if (BACKGAMMONS.has(v)) {
      fields.push(
        check("jacoby", t("create.jacoby"), "jacoby", !money || !s.cube),
        field("auto_doubles", t("create.auto_doubles"),
          select("auto_doubles", [0, 1, 2, 3, 4, 5, 6].map((n) => [n, n === 0 ? t("create.none") : String(n)]), s.auto_doubles, (value) => { s.auto_doubles = Number(value); }),
          t("create.money_only")),
        check("backgammon_value", t("create.backgammon_as_gammon"), "backgammon_value"),
      );
      fields[fields.length - 2].querySelector("select").disabled = !money || !s.cube;
    }
    if (v === "long-nardy") {
      fields.push(
        field("scoring", t("create.scoring"), select("scoring", [["mars", t("scoring.mars")], ["oin", t("scoring.oin")]], s.scoring, (value) => { s.scoring = value; })),
        field("first_move", t("create.first_move"), select("first_move", [["loser", t("create.first_loser")], ["alternate", t("create.first_alternate")]], s.first_move, (value) => { s.first_move = value; })),
        check("last_roll", t("create.last_roll"), "last_roll"),
      );
    }
    if (v === "dutch") fields.push(check("enter_all_first", t("create.enter_all_first"), "enter_all_first"));

    // A chouette (RULES.md CH1–CH7, S1) is backgammon money play for three to eight.
    const kind = BACKGAMMONS.has(v)
      ? h("fieldset", { class: "choices", id: "kind" }, h("legend", {}, t("create.kind")),
        ...["match", "chouette"].map((k) => h("label", {},
          h("input", { type: "radio", name: "kind", value: k, id: `kind-${k}`, checked: form.kind === k, onchange: () => {
            form.kind = k;
            form.settings = settingDefaults(v);
            if (k === "chouette") form.settings.match_to = 0;
            render();
          } }),
          " ", t(`create.kind_${k}`))))
      : null;
    if (chouette) {
      const seats = [3, 4, 5, 6, 7, 8].map((n) => [n, String(n)]);
      const computers = Array.from({ length: form.participants }, (_, n) => [n, n === 0 ? t("create.none") : String(n)]);
      const more = [
        h("div", { class: "row chouette-seats" },
          field("participants", t("create.participants"), select("participants", seats, form.participants, (value) => {
            form.participants = Number(value);
            form.computers = Math.min(form.computers, form.participants - 1);
            render();
          })),
          field("computers", t("create.computers"), select("computers", computers, form.computers, (value) => { form.computers = Number(value); render(); }))),
        form.computers ? field("level", t("create.level"), select("level", LEVELS.map((x) => [x, t(`level.${x}`)]), form.level, (value) => { form.level = value; })) : null,
        h("p", { class: "muted small" }, t("create.chouette_note")),
      ];
      return h("section", { class: "card", "aria-labelledby": "create-title" },
        h("h2", { id: "create-title" }, t("create.title")),
        h("form", { class: "create", onsubmit: async (e) => { e.preventDefault(); await create(); } },
          kind,
          h("fieldset", { class: "settings-grid" }, h("legend", {}, t("create.rules")), ...fields),
          ...more.filter(Boolean),
          h("button", { type: "submit", class: "primary big", id: "create-table" }, t("create.start_chouette"))));
    }

    const opponent = h("fieldset", { class: "choices" }, h("legend", {}, t("create.opponent")),
      ...["computer", "open", "invite"].map((o) => h("label", {},
        h("input", { type: "radio", name: "opponent", value: o, id: `opponent-${o}`, checked: form.opponent === o, onchange: () => { form.opponent = o; render(); } }),
        " ", t(`create.opponent_${o}`))));
    const more = [];
    if (form.opponent === "computer") {
      more.push(field("level", t("create.level"), select("level", LEVELS.map((x) => [x, t(`level.${x}`)]), form.level, (value) => { form.level = value; })));
    } else {
      more.push(field("time-control", t("create.time_control"),
        timeControlSelect("time-control", form.time_control, (value) => { form.time_control = value; }),
        t("create.time_control_note")));
    }
    if (me && me.registered) {
      more.push(h("div", { class: "field check" },
        h("input", { type: "checkbox", id: "rated", checked: form.rated && !money, disabled: money, onchange: (e) => { form.rated = e.target.checked; } }),
        h("label", { for: "rated" }, t("create.rated")),
        h("small", { class: "muted" }, money ? t("create.rated_match_only") : t("create.rated_note"))));
    }
    more.push(field("seat", t("create.seat"), select("seat", [["random", t("create.seat_random")], ["0", t("create.seat_first")], ["1", t("create.seat_second")]], form.seat, (value) => { form.seat = value; })));

    return h("section", { class: "card", "aria-labelledby": "create-title" },
      h("h2", { id: "create-title" }, t("create.title")),
      h("form", { class: "create", onsubmit: async (e) => { e.preventDefault(); await create(); } },
        kind,
        h("fieldset", { class: "settings-grid" }, h("legend", {}, t("create.rules")), ...fields),
        opponent,
        ...more,
        h("button", { type: "submit", class: "primary big", id: "create-table" }, t("create.start"))));
  }

  async function create() {
    const body = {
      variant: form.variant,
      settings: { ...form.settings },
      opponent: form.opponent,
      level: form.level,
    };
    if (form.kind === "chouette" && BACKGAMMONS.has(form.variant)) {
      Object.assign(body, { kind: "chouette", participants: form.participants, computers: form.computers, opponent: "open" });
      body.settings.match_to = 0;
      await send(body);
      return;
    }
    if (body.settings.match_to) {
      if ("jacoby" in body.settings) body.settings.jacoby = false;
      if ("auto_doubles" in body.settings) body.settings.auto_doubles = 0;
    }
    if (form.seat !== "random") body.seat = Number(form.seat);
    if (form.opponent !== "computer" && form.time_control) body.time_control = form.time_control;
    if (form.rated && body.settings.match_to && me && me.registered) body.rated = true;
    await send(body);
  }

  async function send(body) {
    try {
      const table = await api("/api/tables", body);
      if (table.invite) sessionStorage.setItem(`nardy.invite.${table.id}`, table.invite);
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      toast(t("error.server", { message: error.message }));
    }
  }

  // -- open tables

  function tablesCard() {
    const list = h("ul", { class: "tables", id: "tables" });
    for (const row of tables) {
      const chouette = row.kind === "chouette";
      const players = row.seats.map((s) => seatName(s) || t("table.empty_seat")).join(chouette ? ", " : " – ");
      const action = row.mine || row.status === "playing"
        ? h("a", { class: "button", href: `#/table/${row.id}` }, row.mine ? t("lobby.continue") : t("lobby.watch_game"))
        : h("button", { type: "button", class: "primary", "data-join": row.id, onclick: async () => {
          if (!me || !me.id) return toast(t("lobby.sign_in_first"));
          try {
            await api(`/api/tables/${row.id}/join`, {});
            location.hash = `#/table/${row.id}`;
          } catch (error) {
            toast(t("error.server", { message: error.message }));
          }
        } }, t("lobby.join"));
      list.append(h("li", { "data-table": row.id, "data-kind": row.kind || "match" },
        h("div", {}, h("strong", {}, chouette ? t("chouette.title", { variant: variantName(row.variant) }) : variantName(row.variant)), " ",
          h("span", { class: "muted" }, settingsSummary(row.variant, row.settings)),
          chouette && row.status === "open" ? h("span", { class: "tag" }, t("lobby.free_seats", { n: row.seats.filter((x) => !x).length })) : null,
          row.rated ? h("span", { class: "tag" }, t("lobby.rated")) : null),
        h("div", { class: "muted" }, players, row.clock ? ` · ${clockLabel(row.clock)}` : ""),
        action));
    }
    if (!tables.length) list.append(h("li", { class: "muted" }, t("lobby.no_tables")));
    return h("section", { class: "card", "aria-labelledby": "tables-title" },
      h("h2", { id: "tables-title" }, t("lobby.tables")),
      list,
      h("p", {}, h("label", { for: "watch-id" }, t("lobby.watch")), " ",
        h("input", { id: "watch-id", size: "18", placeholder: t("lobby.table_id") }), " ",
        h("button", { type: "button", onclick: () => { const id = document.getElementById("watch-id").value.trim(); if (id) location.hash = `#/table/${id}`; } }, t("lobby.open"))));
  }

  function aboutCard() {
    return h("section", { class: "card muted-card" },
      h("h2", {}, t("lobby.about_title")),
      h("p", {}, t("lobby.about")),
      h("p", {}, h("a", { href: "#/dice" }, t("dice.title"))),
      h("h2", {}, t("lobby.how_to_play")),
      h("ul", { class: "rules-links", id: "lobby-rules" },
        ...VARIANTS.map((x) => h("li", {}, rulesLink(x))),
        h("li", {}, rulesLink("backgammon", true))),
      h("p", {}, h("a", { href: "#/ratings/backgammon", id: "lobby-ratings" }, t("lobby.ratings"))));
  }

  load();
  timer = setInterval(async () => {
    if (document.activeElement && page.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON") return;
    await refreshTables();
    const list = document.getElementById("tables");
    if (list) list.closest("section").replaceWith(tablesCard());
  }, 4000);

  return {
    rerender: render,
    close: () => clearInterval(timer),
  };
}

/** #/join/{id}/{invite}: sit at a private table. */
export async function joinView(root, tableId, invite) {
  const me = await whoAmI(true);
  if (!me.id) {
    sessionStorage.setItem("nardy.after_signin", location.hash);
    toast(t("lobby.sign_in_first"));
    location.hash = "#/";
    return { close() {}, rerender() {} };
  }
  try {
    await api(`/api/tables/${tableId}/join`, { invite });
  } catch (error) {
    toast(t("error.server", { message: error.message }));
  }
  location.hash = `#/table/${tableId}`;
  return { close() {}, rerender() {} };
}
