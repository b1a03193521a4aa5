// The page shell: language, preferences dialog, and the routes of the single page.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { analyseView } from "./analyse.js";
import { networkReturned, serverUnreachable, whoAmI } from "./api.js";
import { diceView } from "./dice.js";
import { diceStatsView } from "./dice_stats.js";
import { h } from "./dom.js";
import { icon } from "./icons.js";
import { LANGUAGES, language, preferredLanguage, setLanguage, t } from "./i18n.js";
import { joinView, lobbyView } from "./lobby.js";
import { applyTheme, prefs, setPrefs } from "./prefs.js";
import { profileView } from "./profile.js";
import { ratingsView } from "./ratings.js";
import { replayView } from "./replay.js";
import { reviewView } from "./review.js";
import { tableView } from "./table.js";
import { tournamentView } from "./tournament.js";
import { watchReady } from "./tournament_ready.js";
import { tournamentsView } from "./tournaments.js";
import { watchTurns } from "./turns.js";
import { loadVariants } from "./variants.js";

const view = document.getElementById("view");
let current = null;

async function route() {
  if (current) current.close();
  current = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  const [page, id, extra] = parts;
  document.body.dataset.page = page || "lobby";
  window.scrollTo(0, 0);
  if (page === "table" && id) current = tableView(view, id);
  else if (page === "replay" && id) current = replayView(view, id);
  else if (page === "review" && id) current = reviewView(view, id);
  else if (page === "analyse") current = analyseView(view);
  else if (page === "dice") current = diceView(view, id || null);
  else if (page === "dice-stats") current = diceStatsView(view);
  else if (page === "player" && id) current = profileView(view, decodeURIComponent(id));
  else if (page === "ratings") current = ratingsView(view, id);
  else if (page === "tournaments") current = tournamentsView(view);
  else if (page === "tournament" && id) current = tournamentView(view, id);
  else if (page === "join" && id) current = await joinView(view, id, extra || null);
  else current = lobbyView(view);
}

function fillLanguages() {
  const select = document.getElementById("lang-select");
  select.replaceChildren(...LANGUAGES.map((code) => h("option", { value: code, selected: code === language() }, t(`language.${code}`))));
  select.onchange = () => setLanguage(select.value, true);
}

function showWho(me) {
  const el = document.getElementById("who");
  el.textContent = me && me.id ? me.name : "";
}

/** On a phone the site's links fold into a menu under one button. */
function bindMenu() {
  const top = document.querySelector(".top");
  const button = document.getElementById("menu-open");
  button.append(icon("menu"));
  const show = (open) => {
    top.classList.toggle("menu-shown", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(!top.classList.contains("menu-shown")));
  document.getElementById("top-nav").addEventListener("click", (e) => { if (e.target.closest("a")) show(false); });
  window.addEventListener("hashchange", () => show(false));
}

function bindSettings() {
  const dialog = document.getElementById("settings");
  const form = dialog.querySelector("form");
  document.getElementById("settings-open").prepend(icon("gear"));
  bindMenu();
  document.getElementById("settings-open").addEventListener("click", () => {
    const p = prefs();
    for (const input of form.querySelectorAll("input")) {
      if (input.type === "radio") input.checked = p[input.name] === input.value;
      else if (input.type === "text") input.value = p[input.name] || "";
      else input.checked = !!p[input.name];
    }
    dialog.showModal();
  });
  form.addEventListener("change", (event) => {
    const input = event.target;
    const value = input.type === "radio" || input.type === "text" ? input.value : input.checked;
    setPrefs({ [input.name]: value });
  });
}

/** Without a network, or with one that does not reach the server, the page says so at once
 * (the service worker still opens the lobby from its cache); a table's socket reconnects by
 * itself when the network returns. */
function bindOffline() {
  const banner = document.getElementById("offline");
  const show = () => { banner.hidden = navigator.onLine && !serverUnreachable(); };
  window.addEventListener("online", () => { networkReturned(); show(); });
  window.addEventListener("offline", show);
  window.addEventListener("nardy:network", show);
  show();
}

/** The service worker keeps the client for offline use (served by server/http/app_shell.py). */
function installWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => { /* the site works without it */ });
}

window.addEventListener("nardy:language", () => {
  fillLanguages();
  if (current && current.rerender) current.rerender();
});
window.addEventListener("nardy:me", (e) => showWho(e.detail));
window.addEventListener("nardy:prefs", (e) => applyTheme(e.detail.theme));
applyTheme(prefs().theme);
window.addEventListener("hashchange", route);

await Promise.all([setLanguage(preferredLanguage()), loadVariants()]);
bindSettings();
bindOffline();
installWorker();
const me = await whoAmI().catch(() => null); // offline, and never asked before: no name
showWho(me);
route();
watchReady();
watchTurns(me);
