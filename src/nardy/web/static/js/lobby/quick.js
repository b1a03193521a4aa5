// The first thing on the home page: a board, the games on offer, and one button that
// starts a game against the computer (a guest name is made up when there is no session).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { boardSVG } from "../board.js";
import { variantName } from "../common.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "../refusals.js";
import { VARIANTS, facts, levelOr, levelsOf, settingDefaults, startPosition, variantOr } from "../variants.js";
import { startTable } from "./session.js";
import { strengthLine } from "./strength.js";

const KEY = "nardy.quick";

function choice() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function remember(changes) {
  localStorage.setItem(KEY, JSON.stringify({ ...choice(), ...changes }));
}

/** A single game against the computer: the variant's settings, one point, no cube. */
export function quickGame(variant, level) {
  return { variant, settings: { ...settingDefaults(variant), match_to: 1, cube: false }, opponent: "computer", level };
}

function preview(variant) {
  const el = h("div", { class: "hero-board", "aria-hidden": "true" });
  el.innerHTML = boardSVG({
    variant,
    position: startPosition(variant),
    colours: ["light", "dark"],
    numbers: true,
    label: t("board.label", { variant: variantName(variant) }),
  });
  return el;
}

/** The hero card; ``me`` is the signed-in player or null. */
export function quickCard(me, rerender) {
  const c = choice();
  const variant = variantOr(c.variant);
  const level = levelOr(variant, c.level);
  const chips = h("div", { class: "variant-chips", role: "radiogroup", "aria-label": t("create.variant") },
    ...VARIANTS.map((v) => h("label", { class: `chip-choice${v === variant ? " chosen" : ""}` },
      h("input", { type: "radio", name: "quick-variant", value: v, id: `quick-${v}`, checked: v === variant, onchange: () => { remember({ variant: v }); rerender(); } }),
      h("span", {}, variantName(v)))));
  const measured = strengthLine("quick-strength", variant, level);
  const strength = h("select", { id: "quick-level", "aria-label": t("create.level"), "aria-describedby": "quick-strength", onchange: (e) => { remember({ level: e.target.value }); measured.show(variant, e.target.value); } },
    ...levelsOf(variant).map((x) => h("option", { value: x, selected: x === level }, t(`level.${x}`))));
  const go = h("button", { type: "button", class: "primary big", id: "quick-play", onclick: async () => {
    go.disabled = true;
    try {
      await startTable(quickGame(variant, strength.value));
    } catch (error) {
      go.disabled = false;
      toast(errorText(error));
    }
  } }, t("lobby.quick_play"));
  const who = me && me.id ? t("lobby.playing_as", { name: me.name }) : t("lobby.guest_hint");
  return h("section", { class: "card hero", "aria-labelledby": "hero-title" },
    h("h1", { id: "hero-title" }, t("lobby.hero_title")),
    h("p", { class: "hero-text" }, t("lobby.hero_text")),
    preview(variant),
    chips,
    h("div", { class: "quick-row" }, go, h("label", { class: "quick-level" }, h("span", { class: "muted" }, t("create.level")), strength)),
    measured,
    h("p", { class: "muted small" }, who, " ", facts(variant).series ? t("lobby.quick_note_series") : t("lobby.quick_note")));
}
