// The custom game form: every setting the server lists for the chosen variant, those that
// apply only (a money-only one in money play, a match-only one in a match, one that needs
// the cube with the cube on; no cube in a one-point match), the opponent, the clock, a chouette.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { variantName } from "../common.js";
import { h, toast } from "../dom.js";
import { has, t } from "../i18n.js";
import { errorText } from "../refusals.js";
import { rulesLink } from "../rules_link.js";
import { isCorrespondence, timeControlSelect } from "../timecontrol.js";
import { LENGTHS, VARIANTS, facts, levelOr, levelsOf, settingDefaults, variantOr } from "../variants.js";
import { startTable } from "./session.js";
import { strengthLine } from "./strength.js";

/** The form's state, kept while the lobby is open. */
export function newForm() {
  const variant = variantOr(null);
  return { variant, settings: settingDefaults(variant), opponent: "computer", level: levelOr(variant), seat: "random", time_control: "", rated: false, kind: "match", participants: 3, computers: 2 };
}

/** Whether ``setting`` (an entry of the variant's setting list) applies to ``s``: a
 * money-only one in money play, a match-only one in a match, and one that needs the cube
 * with the cube on. A one-point match has nothing to double for, so no cube. */
function applies(setting, s) {
  if (setting.name === "cube") return s.match_to !== 1;
  if (setting.money_only && s.match_to) return false;
  if (setting.match_only && !s.match_to) return false;
  return !(setting.needs_cube && (!s.cube || s.match_to === 1));
}

/** The settings as they will be played: what does not apply is back at its default
 * (no cube in a one-point match). */
export function effectiveSettings(form) {
  const s = { ...form.settings };
  if (form.kind === "chouette") s.match_to = 0;
  if (s.match_to === 1) s.cube = false;
  for (const setting of facts(form.variant).settingList) {
    if (setting.name !== "cube" && !applies(setting, s)) s[setting.name] = setting.default;
  }
  return s;
}

/** A setting's label: the variant's own wording where it has one. */
function settingLabel(name, variant) {
  return t(has(`create.${name}.${variant}`) ? `create.${name}.${variant}` : `create.${name}`);
}

/** One choice of a setting, in words (a number stands for itself). */
export function choiceLabel(name, choice) {
  const key = `create.${name}_${choice}`;
  return has(key) || typeof choice !== "number" ? t(key) : String(choice);
}

/** The controls of the variant's settings that apply (a choice is a list, yes or no a box). */
function settingFields(form, render) {
  const s = form.settings;
  const played = effectiveSettings(form);
  const fields = [];
  for (const setting of facts(form.variant).settingList) {
    if (!applies(setting, played)) continue;
    const { name } = setting;
    const label = settingLabel(name, form.variant);
    if (setting.choices) {
      const options = setting.choices.map((c) => [c, choiceLabel(name, c)]);
      fields.push(field(name, label, select(name, options, s[name], (value) => {
        s[name] = typeof setting.default === "number" ? Number(value) : value;
        render();
      })));
    } else {
      fields.push(h("div", { class: "field check" },
        h("input", { type: "checkbox", id: name, checked: !!s[name], onchange: (e) => { s[name] = e.target.checked; render(); } }),
        h("label", { for: name }, label)));
    }
  }
  return fields;
}

function field(id, label, control, hint) {
  return h("div", { class: "field" }, h("label", { for: id }, label), control, hint ? h("small", { class: "muted" }, hint) : null);
}

/** The computer's level, with what was measured of it below. */
function levelField(form) {
  const measured = strengthLine("level-strength", form.variant, form.level);
  const choice = select("level", levelsOf(form.variant).map((x) => [x, t(`level.${x}`)]), form.level, (value) => {
    form.level = value;
    measured.show(form.variant, value);
  });
  choice.setAttribute("aria-describedby", "level-strength");
  return h("div", { class: "field" }, h("label", { for: "level" }, t("create.level")), choice, measured);
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
  const money = effectiveSettings(form).match_to === 0;
  const chouette = form.kind === "chouette";
  const variantSelect = select("variant", VARIANTS.map((x) => [x, variantName(x)]), v, (value) => {
    form.variant = value;
    form.settings = settingDefaults(value);
    form.level = levelOr(value, form.level);
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
  fields.push(...settingFields(form, render));

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
      toast(errorText(error));
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
    form.computers ? levelField(form) : null,
    h("p", { class: "muted small" }, t("create.chouette_note")),
  ].filter(Boolean);
}

function opponentFields(form, render, me, money) {
  const more = [h("fieldset", { class: "choices" }, h("legend", {}, t("create.opponent")),
    ...["computer", "open", "invite"].map((o) => h("label", {},
      h("input", { type: "radio", name: "opponent", value: o, id: `opponent-${o}`, checked: form.opponent === o, onchange: () => { form.opponent = o; render(); } }),
      " ", t(`create.opponent_${o}`))))];
  if (form.opponent === "computer") {
    more.push(levelField(form));
    if (form.time_control && !isCorrespondence(form.time_control)) form.time_control = "";
    more.push(field("time-control", t("create.time_control"),
      timeControlSelect("time-control", form.time_control, (value) => { form.time_control = value; }, true),
      t("create.time_control_computer")));
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
  const clocked = form.opponent !== "computer" || isCorrespondence(form.time_control);
  if (form.time_control && clocked) body.time_control = form.time_control;
  if (form.rated && body.settings.match_to && me && me.registered) body.rated = true;
  return body;
}
