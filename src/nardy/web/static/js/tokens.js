// The account's personal access tokens on its own page (INTERFACES.md §9): each with its
// label, when it was made and last used, and a Revoke button; a new token is shown once.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { language, t } from "./i18n.js";
import { errorText } from "./refusals.js";

async function revoke(id) {
  await api(`/api/tokens/${encodeURIComponent(id)}`, undefined, "DELETE");
}

function moment(seconds) {
  if (!seconds) return t("tokens.never");
  return new Date(seconds * 1000).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
}

/** The tokens card; it loads and redraws itself. */
export function tokensCard() {
  const card = h("section", { class: "card", id: "tokens" });
  let tokens = [];
  let shown = null; // a token just made: shown this once
  let problem = null;

  async function load() {
    try {
      tokens = (await api("/api/tokens")).tokens;
    } catch (error) {
      problem = errorText(error);
    }
    render();
  }

  async function make(event) {
    event.preventDefault();
    const label = event.target.elements.label.value.trim() || "bot";
    try {
      shown = (await api("/api/tokens", { label })).token;
      problem = null;
    } catch (error) {
      problem = errorText(error);
    }
    await load();
  }

  async function drop(id) {
    try {
      await revoke(id);
      problem = null;
    } catch (error) {
      problem = errorText(error);
    }
    await load();
  }

  function render() {
    const parts = [
      h("h2", {}, t("tokens.title")),
      h("p", { class: "muted" }, t("tokens.about")),
      shown ? h("p", { class: "token-shown" }, t("tokens.shown_once"), " ", h("code", { id: "token-new" }, shown)) : null,
      problem ? h("p", { class: "error" }, problem) : null,
      tokens.length
        ? h("ul", { class: "history", id: "token-list" }, tokens.map((token) => h("li", { "data-token": token.id },
            h("strong", {}, token.label), " ",
            h("span", { class: "muted" }, t("tokens.made", { when: moment(token.created) }), " · ", t("tokens.used", { when: moment(token.last_used) })), " ",
            h("button", { type: "button", class: "revoke", onclick: () => drop(token.id) }, t("tokens.revoke")))))
        : h("p", { class: "muted", id: "token-none" }, t("tokens.none")),
      h("form", { id: "token-form", onsubmit: make },
        h("label", {}, t("tokens.label"), " ", h("input", { name: "label", maxlength: "60", value: "bot" })), " ",
        h("button", { type: "submit" }, t("tokens.new"))),
    ];
    clear(card).append(...parts.filter((part) => part !== null));
  }

  load();
  return card;
}
