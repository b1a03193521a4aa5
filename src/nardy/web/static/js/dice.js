// Checking the dice of a table: the seed revealed after the game must hash to the
// commitment published before it, and must produce every roll (src/nardy/server/dice.py).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

function hexToBytes(hex) {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error("hex");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToHex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Roll number k of a seed: HMAC-SHA256(seed, "roll:k:j") blocks, bytes < 252, b % 6 + 1. */
export async function rollsFromSeed(seedHex, count) {
  const key = await crypto.subtle.importKey("raw", hexToBytes(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const rolls = [];
  for (let k = 0; k < count; k++) {
    const dice = [];
    for (let j = 0; dice.length < 2; j++) {
      const block = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`roll:${k}:${j}`)));
      for (const b of block) {
        if (b < 252 && dice.length < 2) dice.push((b % 6) + 1);
      }
    }
    rolls.push(dice);
  }
  return rolls;
}

export async function commitmentOf(seedHex) {
  return bytesToHex(await crypto.subtle.digest("SHA-256", hexToBytes(seedHex)));
}

export function diceView(root, tableId) {
  const page = h("div", { class: "dice-page" });
  clear(root).append(page);
  let data = null;
  let browserCheck = null;
  let serverCheck = null;
  let manual = { seed: "", commitment: "", rolls: "" };

  async function load() {
    if (tableId) {
      try {
        data = await api(`/api/tables/${tableId}/dice`);
        manual = { seed: data.seed || "", commitment: data.commitment || "", rolls: (data.rolls || []).map((r) => r.join("-")).join(" ") };
      } catch {
        data = null;
      }
    }
    render();
    if (data && data.seed) await check();
  }

  function parseRolls(text) {
    const rolls = [];
    for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
      const m = part.match(/^([1-6])\D?([1-6])$/);
      if (!m) return null;
      rolls.push([Number(m[1]), Number(m[2])]);
    }
    return rolls;
  }

  async function check() {
    const rolls = parseRolls(manual.rolls);
    browserCheck = serverCheck = null;
    if (!rolls) {
      browserCheck = { error: t("dice.bad_rolls") };
      return render();
    }
    try {
      if (!window.crypto || !crypto.subtle) throw new Error("no webcrypto");
      const commitment = await commitmentOf(manual.seed.trim());
      const again = await rollsFromSeed(manual.seed.trim(), rolls.length);
      const firstBad = rolls.findIndex((r, k) => r[0] !== again[k][0] || r[1] !== again[k][1]);
      browserCheck = { commitment: commitment === manual.commitment.trim().toLowerCase(), rolls: firstBad < 0, firstBad };
    } catch {
      browserCheck = { error: t("dice.no_webcrypto") };
    }
    try {
      serverCheck = await api("/api/verify-dice", { seed: manual.seed.trim(), commitment: manual.commitment.trim(), rolls });
    } catch (error) {
      serverCheck = { error: t("error.server", { message: error.message }) };
    }
    render();
  }

  function verdict(ok) {
    return h("strong", { class: ok ? "ok" : "bad" }, ok ? t("dice.yes") : t("dice.no"));
  }

  function render() {
    clear(page);
    page.append(h("h1", {}, t("dice.title")), h("p", {}, t("dice.explain")));
    if (tableId && data) {
      page.append(h("section", { class: "card" },
        h("h2", {}, t("dice.table", { id: tableId })),
        h("p", {}, t("dice.count", { n: data.count })),
        data.seed ? null : h("p", { class: "muted" }, t("dice.seed_later"))));
    }
    const seed = h("input", { id: "dice-seed", value: manual.seed, class: "mono", oninput: (e) => { manual.seed = e.target.value; } });
    const commitment = h("input", { id: "dice-commitment", value: manual.commitment, class: "mono", oninput: (e) => { manual.commitment = e.target.value; } });
    const rolls = h("textarea", { id: "dice-rolls", rows: "4", class: "mono", oninput: (e) => { manual.rolls = e.target.value; } });
    rolls.value = manual.rolls;
    page.append(h("section", { class: "card" },
      h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); await check(); } },
        h("label", { for: "dice-commitment" }, t("dice.commitment")), commitment,
        h("label", { for: "dice-seed" }, t("dice.seed")), seed,
        h("label", { for: "dice-rolls" }, t("dice.rolls")), rolls,
        h("button", { type: "submit", class: "primary", id: "dice-check" }, t("dice.check")))));
    if (browserCheck || serverCheck) {
      const box = h("section", { class: "card", id: "dice-result", "aria-live": "polite" }, h("h2", {}, t("dice.result")));
      if (browserCheck && browserCheck.error) box.append(h("p", {}, browserCheck.error));
      else if (browserCheck) {
        box.append(
          h("p", { "data-check": "browser-commitment" }, t("dice.browser_commitment"), " ", verdict(browserCheck.commitment)),
          h("p", { "data-check": "browser-rolls" }, t("dice.browser_rolls"), " ", verdict(browserCheck.rolls),
            browserCheck.rolls ? "" : ` ${t("dice.first_bad", { n: browserCheck.firstBad + 1 })}`),
        );
      }
      if (serverCheck && serverCheck.error) box.append(h("p", {}, serverCheck.error));
      else if (serverCheck) box.append(h("p", { "data-check": "server" }, t("dice.server"), " ", verdict(serverCheck.ok)));
      page.append(box);
    }
    if (tableId) page.append(h("p", { class: "links" }, h("a", { href: `#/table/${tableId}` }, t("replay.back"))));
  }

  load();
  return { rerender: render, close() {} };
}
