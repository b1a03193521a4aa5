// The custom game form: every setting of the chosen variant (only those that apply:
// no Crawford without a cube or in money play, no cube in a one-point match, Jacoby and
// automatic doubles only for money), the opponent, the clock, a chouette.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { variantName } from "../common.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { rulesLink } from "../rules_link.js";
import { timeControlSelect } from "../timecontrol.js";
import { LENGTHS, LEVELS, VARIANTS, facts, settingDefaults } from "../variants.js";
import { startTable } from "./session.js";

/** The form's state, kept while the lobby is open. */
export function newForm() {
  return { variant: "backgammon", settings: settingDefaults("backgammon"), opponent: "computer", level: "expert", seat: "random", time_control: "", rated: false, kind: "match", participants: 3, computers: 2 };
}

/** The settings as they will be played: what does not apply is switched off. */
export function effectiveSettings(form) {
  const s = { ...form.settings };
  if (form.kind === "chouette") s.match_to = 0;
  if (s.match_to === 1) s.cube = false; // a one-point match has nothing to double for
  if (s.match_to) {
    if ("jacoby" in s) s.jacoby = false;
    if ("auto_doubles" in s) s.auto_doubles = 0;
  }
  if (!s.cube && "jacoby" in s) s.jacoby = false;
  if (!s.cube && "auto_doubles" in s) s.auto_doubles = 0;
  return s;
}

function field(id, label, control, hint) {
  return h("div", { class: "field" }, h("label", { for: id }, label), control, hint ? h("small", { class: "muted" }, hint) : null);
}

function select(id, options, value, onchange) {
  const s = h("select", { id, onchange: (e) => onchange(e.target.value) });
  for (const [v, label] of options) s.append(h("option", { value: String(v), selected: String(v) === String(value) }, label));
  return s;
}

/** The form card; ``render`` redraws the lobby after a change; ``me`` is who plays (a
 * registered player may ask for a rated match). */
export function createCard(form, render, open, me) {
  const v = form.variant;
  const s = form.settings;
  const played = effectiveSettings(form);
  const money = played.match_to === 0;
  const chouette = form.kind === "chouette";
  const check = (id, label, key) => {
    const on = key === "backgammon_value" ? s[key] === 2 : !!s[key];
    return h("div", { class: "field check" },
      h("input", { type: "checkbox", id, checked: on, onchange: (e) => {
        s[key] = key === "backgammon_value" ? (e.target.checked ? 2 : 3) : e.target.checked;
        render();
      } }),
      h("label", { for: id }, label));
  };
  const variantSelect = select("variant", VARIANTS.map((x) => [x, variantName(x)]), v, (value) => {
    form.variant = value;
    form.settings = settingDefaults(value);
    if (!facts(value).chouette) form.kind = "match";
    render();
  });
  const series = facts(v).series;
  const lengths = LENGTHS.map((n) => [n, n === 0 ? (series ? t("create.unlimited") : t("create.money")) : t("create.points", { n })]);
  const fields = [h("div", { class: "field" }, h("label", { for: "variant" }, t("create.variant")), variantSelect,
    rulesLink(v, chouette, { id: "create-rules" }))];
  if (!chouette) {
    fields.push(field("match_to", series ? t("create.series_to") : t("create.match_to"),
      select("match_to", lengths, s.match_to, (value) => { s.match_to = Number(value); render(); })));
  }
  if (played.match_to !== 1) fields.push(check("cube", facts(v).reserve ? t("create.dutch_cube") : t("create.cube"), "cube"));
  if (!chouette && played.cube && !money) fields.push(check("crawford", t("create.crawford"), "crawford"));
  if ("jacoby" in s && played.cube && money) {
    fields.push(
      check("jacoby", t("create.jacoby"), "jacoby"),
      field("auto_doubles", t("create.auto_doubles"),
        select("auto_doubles", [0, 1, 2, 3, 4, 5, 6].map((n) => [n, n === 0 ? t("create.none") : String(n)]), s.auto_doubles, (value) => { s.auto_doubles = Number(value); })),
    );
  }
  if ("backgammon_value" in s) fields.push(check("backgammon_value", t("create.backgammon_as_gammon"), "backgammon_value"));
  if ("scoring" in s) {
    fields.push(
      field("scoring", t("create.scoring"), select("scoring", [["mars", t("scoring.mars")], ["oin", t("scoring.oin")]], s.scoring, (value) => { s.scoring = value; })),
      field("first_move", t("create.first_move"), select("first_move", [["loser", t("create.first_loser")], ["alternate", t("create.first_alternate")]], s.first_move, (value) => { s.first_move = value; })),
      check("last_roll", t("create.last_roll"), "last_roll"),
    );
  }
  if ("enter_all_first" in s) fields.push(check("enter_all_first", t("create.enter_all_first"), "enter_all_first"));

  // A chouette (RULES.md CH1–CH7, S1) is money play for three to eight.
  const kind = facts(v).chouette
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
  const more = chouette ? chouetteFields(form, render) : opponentFields(form, render, me, money);
  const submit = h("button", { type: "submit", class: "primary big", id: "create-table" }, chouette ? t("create.start_chouette") : t("create.start"));
  const body = h("form", { class: "create", onsubmit: async (e) => {
    e.preventDefault();
    submit.disabled = true;
    try {
      await startTable(requestOf(form, me));
    } catch (error) {
      submit.disabled = false;
      toast(t("error.server", { message: error.message }));
    }
  } },
  kind,
  h("fieldset", { class: "settings-grid" }, h("legend", {}, t("create.rules")), ...fields),
  ...more,
  submit);
  const details = h("details", { class: "card create-card", id: "custom-game", open },
    h("summary", {}, h("h2", { id: "create-title" }, t("create.title"))), body);
  return details;
}

function chouetteFields(form, render) {
  const seats = [3, 4, 5, 6, 7, 8].map((n) => [n, String(n)]);
  const computers = Array.from({ length: form.participants }, (_, n) => [n, n === 0 ? t("create.none") : String(n)]);
  return [
    h("div", { class: "row chouette-seats" },
      field("participants", t("create.participants"), select("participants", seats, form.participants, (value) => {
        form.participants = Number(value);
        form.computers = Math.min(form.computers, form.participants - 1);
        render();
      })),
      field("computers", t("create.computers"), select("computers", computers, form.computers, (value) => { form.computers = Number(value); render(); }))),
    form.computers ? field("level", t("create.level"), select("level", LEVELS.map((x) => [x, t(`level.${x}`)]), form.level, (value) => { form.level = value; })) : null,
    h("p", { class: "muted small" }, t("create.chouette_note")),
  ].filter(Boolean);
}

function opponentFields(form, render, me, money) {
  const more = [h("fieldset", { class: "choices" }, h("legend", {}, t("create.opponent")),
    ...["computer", "open", "invite"].map((o) => h("label", {},
      h("input", { type: "radio", name: "opponent", value: o, id: `opponent-${o}`, checked: form.opponent === o, onchange: () => { form.opponent = o; render(); } }),
      " ", t(`create.opponent_${o}`))))];
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
  return more;
}

/** The POST /api/tables body for the form (``me``: who asks). */
export function requestOf(form, me = null) {
  const body = { variant: form.variant, settings: effectiveSettings(form), opponent: form.opponent, level: form.level };
  if (form.kind === "chouette" && facts(form.variant).chouette) {
    return { ...body, kind: "chouette", participants: form.participants, computers: form.computers, opponent: "open" };
  }
  if (form.seat !== "random") body.seat = Number(form.seat);
  if (form.opponent !== "computer" && form.time_control) body.time_control = form.time_control;
  if (form.rated && body.settings.match_to && me && me.registered) body.rated = true;
  return body;
}
