// Translations: every visible string comes from static/i18n/<lang>.json.
// SPDX-License-Identifier: AGPL-3.0-or-later

export const LANGUAGES = ["en", "pl", "lt", "ru"];
const STORE_KEY = "nardy.lang";

let strings = {};
let english = {};
let current = "en";

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  if (!response.ok) throw new Error(`no translation ${code}`);
  return response.json();
}

/** The language to start with: a saved choice, else the browser's first known language. */
export function preferredLanguage() {
  const saved = localStorage.getItem(STORE_KEY);
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export function language() {
  return current;
}

export async function setLanguage(code, remember = false) {
  if (!LANGUAGES.includes(code)) code = "en";
  if (!Object.keys(english).length) english = await load("en");
  strings = code === "en" ? english : await load(code);
  current = code;
  if (remember) localStorage.setItem(STORE_KEY, code);
  document.documentElement.lang = code;
  translate(document);
  window.dispatchEvent(new CustomEvent("nardy:language", { detail: code }));
}

/** Whether ``key`` has a text (in this language or in English). */
export function has(key) {
  return strings[key] !== undefined || english[key] !== undefined;
}

/** The text for ``key``, with {name} placeholders filled from ``params``. */
export function t(key, params = {}) {
  let text = strings[key] ?? english[key];
  if (text === undefined) {
    console.warn("missing translation", key);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Fill every element under ``root`` that names a translation key. */
export function translate(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const attr of ["placeholder", "title", "aria-label"]) {
    const data = `data-i18n-${attr}`;
    for (const el of root.querySelectorAll(`[${data}]`)) el.setAttribute(attr, t(el.getAttribute(data)));
  }
}
