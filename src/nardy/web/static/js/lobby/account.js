// The account card: the name you play under (a guest's made-up name can be changed), and
// signing in to an account or creating one.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api, setMe } from "../api.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "../refusals.js";

function failed(error) {
  toast(errorText(error));
}

/** ``me`` is the signed-in player or null; ``done`` reloads the lobby after a change;
 * ``ui.account`` is "login" or "register". */
export function accountCard(me, done, ui) {
  const signedIn = !!(me && me.id);
  const parts = [];
  if (signedIn) {
    const name = h("input", { id: "rename-input", value: me.name, maxlength: "40", required: true, autocomplete: "nickname", "aria-label": t("lobby.your_name") });
    parts.push(
      h("h2", { id: "account-title" }, t("lobby.signed_in", { name: me.name })),
      h("p", { class: "muted" }, me.registered ? t("lobby.registered") : t("lobby.guest_note")),
      h("p", {}, h("a", { href: "#/player/me", id: "my-games" }, t("lobby.my_games"))),
      h("form", { class: "row rename", onsubmit: async (e) => {
        e.preventDefault();
        try {
          setMe(await api("/api/me/name", { name: name.value.trim() }));
          toast(t("lobby.renamed"));
          await done();
        } catch (error) {
          failed(error);
        }
      } }, h("label", { for: "rename-input", class: "sr-only" }, t("lobby.your_name")), name, h("button", { type: "submit", id: "rename-save" }, t("lobby.rename"))),
      h("button", { type: "button", id: "logout", class: "ghost-link", onclick: async () => {
        await api("/api/logout", {});
        setMe({ id: null });
        await done();
      } }, t("lobby.logout")),
    );
  } else {
    const name = h("input", { id: "guest-name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" });
    parts.push(
      h("h2", { id: "account-title" }, t("lobby.welcome")),
      h("form", { class: "stack", onsubmit: async (e) => {
        e.preventDefault();
        try {
          setMe(await api("/api/guest", { name: name.value.trim() }));
          await done();
        } catch (error) {
          failed(error);
        }
      } },
      h("label", { for: "guest-name" }, t("lobby.your_name")), h("div", { class: "row" }, name,
        h("button", { type: "submit", class: "primary", id: "play-guest" }, t("lobby.play_guest")))),
    );
  }
  if (!me || !me.registered) parts.push(accountForms(done, ui));
  return h("section", { class: "card account-card", "aria-labelledby": "account-title" }, ...parts);
}

function accountForms(done, ui) {
  const login = ui.account !== "register";
  const user = h("input", { id: "account-name", required: true, maxlength: "40", autocomplete: "username" });
  const password = h("input", { id: "account-password", type: "password", required: true, minlength: "8", autocomplete: login ? "current-password" : "new-password" });
  const form = h("form", { class: "stack", onsubmit: async (e) => {
    e.preventDefault();
    try {
      setMe(await api(login ? "/api/login" : "/api/register", { name: user.value.trim(), password: password.value }));
      await done();
    } catch (error) {
      failed(error);
    }
  } },
  h("label", { for: "account-name" }, t("lobby.account_name")), user,
  h("label", { for: "account-password" }, t("lobby.password")), password,
  h("button", { type: "submit", id: "account-submit" }, login ? t("lobby.login") : t("lobby.register")));
  const pick = (which) => () => { ui.account = which; ui.accountOpen = true; done(); };
  return h("details", { class: "account", open: !!ui.accountOpen, ontoggle: (e) => { ui.accountOpen = e.target.open; } },
    h("summary", {}, t("lobby.account")),
    h("div", { class: "row", role: "group" },
      h("button", { type: "button", class: login ? "selected" : "", "aria-pressed": String(login), onclick: pick("login") }, t("lobby.login")),
      h("button", { type: "button", class: login ? "" : "selected", "aria-pressed": String(!login), onclick: pick("register") }, t("lobby.register"))),
    form);
}
