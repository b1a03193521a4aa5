// "Play this bot" on a bot account's page (INTERFACES.md §9): the person picks the variant
// and the match length, and the table opens with the bot already seated.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { lengthText, variantName } from "./common.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { LENGTHS, settingDefaults, VARIANTS } from "./variants.js";

/** The challenge card for the bot ``botId``. */
export function challengeCard(botId) {
  const problem = h("p", { class: "error", id: "challenge-error", hidden: true });
  const variant = h("select", { name: "variant", id: "challenge-variant" });
  const length = h("select", { name: "match_to", id: "challenge-length" });

  function fillLengths() {
    length.replaceChildren(...LENGTHS.map((n) => h("option", { value: String(n), selected: n === 3 }, lengthText(variant.value, n))));
  }

  variant.replaceChildren(...VARIANTS.map((name) => h("option", { value: name }, variantName(name))));
  fillLengths();
  variant.addEventListener("change", fillLengths);

  async function start(event) {
    event.preventDefault();
    const settings = { ...settingDefaults(variant.value), match_to: Number(length.value) };
    try {
      const made = await api(`/api/bots/${encodeURIComponent(botId)}/challenge`, { variant: variant.value, settings });
      location.hash = `#/table/${made.id}`;
    } catch (error) {
      problem.hidden = false;
      problem.textContent = errorText(error);
    }
  }

  return h("section", { class: "card", id: "challenge" },
    h("h2", {}, t("challenge.title")),
    h("form", { id: "challenge-form", onsubmit: start },
      h("label", {}, t("challenge.variant"), " ", variant), " ",
      h("label", {}, t("challenge.length"), " ", length), " ",
      h("button", { type: "submit", id: "challenge-start" }, t("challenge.start"))),
    problem);
}
