// Checking the dice of a table: the seed revealed after the game must hash to the
// commitment published before it, and must produce every roll (src/nardy/server/dice/commitment.py).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";

function hexToBytes(hex) {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error("hex");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToHex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function hmac(keyBytes, messageBytes) {
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, messageBytes));
}

/** Roll number k of a seed: HMAC-SHA256(seed, "roll:k:j") blocks, bytes < 252, b % 6 + 1. */
export async function rollsFromSeed(seedHex, count) {
  return rollsFromKey(hexToBytes(seedHex), count);
}

async function rollsFromKey(keyBytes, count) {
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
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

// -- the second scheme (nardy-dice/2): a seed per game, mixed with every seat's contribution

const SCHEME = "nardy-dice/2";

/** Game g's seed: HMAC-SHA256(key = the table's seed, "game:g"). */
export async function gameSeedOf(masterHex, game) {
  return bytesToHex(await hmac(hexToBytes(masterHex), new TextEncoder().encode(`game:${game}`)));
}

/** The bytes the dice key is made from: "nardy-dice/2", then per seat the UTF-8 length
 * (4 bytes, big-endian) and the UTF-8 bytes of its contribution. */
function layout(values) {
  const encoder = new TextEncoder();
  const parts = [encoder.encode(SCHEME)];
  for (const value of values) {
    const data = encoder.encode(value);
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, data.length);
    parts.push(length, data);
  }
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The rolls of every game of a record or a dice document, as the server drew them. */
function rollsByGame(doc) {
  if (!doc.games || !doc.games.length || !doc.games[0].actions) return (doc.games || []).map((g) => g.rolls || []);
  return doc.games.map((game) => {
    const rolls = [];
    for (const action of game.actions || []) {
      if (action.type === "opening") rolls.push(...action.dice);
      else if (action.type === "roll") rolls.push(action.dice);
    }
    return rolls;
  });
}

/** Check every game of a record or dice document of the second scheme in this browser:
 * ``[{game, state: "ok" | "bad" | "pending", reason, rolls}]``. */
export async function checkGames(doc) {
  const dice = doc.format || doc.players ? doc.dice : doc;
  const rolls = rollsByGame(doc.format || doc.players ? doc : dice);
  const master = dice.seed || null;
  const results = [];
  if (master && (await commitmentOf(master)) !== String(dice.commitment).toLowerCase()) {
    return [{ game: null, state: "bad", reason: "master" }];
  }
  for (const [index, game] of (dice.games || []).entries()) {
    const number = game.game || index + 1;
    let seed = game.seed;
    if (master) {
      const derived = await gameSeedOf(master, number);
      if (seed && seed.toLowerCase() !== derived) {
        results.push({ game: number, state: "bad", reason: "derived" });
        continue;
      }
      seed = derived;
    }
    if (!seed) {
      results.push({ game: number, state: "pending" });
      continue;
    }
    if ((await commitmentOf(seed)) !== String(game.commitment).toLowerCase()) {
      results.push({ game: number, state: "bad", reason: "commitment" });
      continue;
    }
    const values = (game.contributions || []).map((c) => (c && typeof c === "object" ? c.value : c) || "");
    const key = await hmac(hexToBytes(seed), layout(values));
    const played = rolls[index] || [];
    const again = await rollsFromKey(key, played.length);
    const firstBad = played.findIndex((r, k) => r.some((d, i) => d !== again[k][i]));
    results.push(firstBad < 0
      ? { game: number, state: "ok", rolls: played.length, given: values.filter(Boolean).length, seats: values.length }
      : { game: number, state: "bad", reason: "rolls", roll: firstBad + 1 });
  }
  return results;
}

export function diceView(root, tableId) {
  const page = h("div", { class: "dice-page" });
  clear(root).append(page);
  let data = null;
  let browserCheck = null;
  let serverCheck = null;
  let manual = { seed: "", commitment: "", rolls: "" };
  let documentText = "";
  let games = null; // the browser's verdicts on each game (second scheme)
  let recordCheck = null; // the server's verdict on the document

  async function load() {
    if (tableId) {
      try {
        data = await api(`/api/tables/${tableId}/dice`);
        manual = { seed: data.seed || "", commitment: data.commitment || "", rolls: (data.rolls || []).map((r) => r.join("-")).join(" ") };
        if (data.scheme === SCHEME) documentText = JSON.stringify(data, null, 1);
      } catch {
        data = null;
      }
    }
    render();
    if (documentText) await checkDocument();
    else if (data && data.seed) await check();
  }

  async function checkDocument() {
    games = recordCheck = null;
    let doc;
    try {
      doc = JSON.parse(documentText);
      if (!doc || typeof doc !== "object") throw new Error("json");
    } catch {
      games = { error: t("dice.bad_document") };
      return render();
    }
    try {
      if (!window.crypto || !crypto.subtle) throw new Error("no webcrypto");
      games = await checkGames(doc);
    } catch {
      games = { error: t("dice.no_webcrypto") };
    }
    try {
      recordCheck = await api("/api/verify-record", doc);
    } catch (error) {
      recordCheck = { error: errorText(error) };
    }
    render();
  }

  function gameLine(result) {
    if (result.game === null) return h("li", {}, h("strong", { class: "bad" }, t("dice.no")), " ", t("dice.bad_master"));
    const label = t("dice.game", { n: result.game });
    if (result.state === "pending") return h("li", { "data-game": result.game, "data-state": "pending" }, label, ": ", t("dice.game_pending"));
    if (result.state === "ok") {
      return h("li", { "data-game": result.game, "data-state": "ok" }, label, ": ", verdict(true), " ",
        t("dice.game_ok", { rolls: result.rolls, given: result.given, seats: result.seats }));
    }
    const why = result.reason === "rolls" ? t("dice.first_bad", { n: result.roll }) : t(`dice.bad_${result.reason}`);
    return h("li", { "data-game": result.game, "data-state": "bad" }, label, ": ", verdict(false), " ", why);
  }

  function renderDocument() {
    const area = h("textarea", { id: "dice-doc", rows: "8", class: "mono", oninput: (e) => { documentText = e.target.value; } });
    area.value = documentText;
    const section = h("section", { class: "card" },
      h("h2", {}, t("dice.document_title")),
      h("p", {}, t("dice.document_explain")),
      h("form", { class: "stack", onsubmit: async (e) => { e.preventDefault(); await checkDocument(); } },
        h("label", { for: "dice-doc" }, t("dice.document")), area,
        h("button", { type: "submit", class: "primary", id: "dice-doc-check" }, t("dice.check"))));
    page.append(section);
    if (!games && !recordCheck) return;
    const box = h("section", { class: "card", id: "dice-doc-result", "aria-live": "polite" }, h("h2", {}, t("dice.result")));
    if (games && games.error) box.append(h("p", {}, games.error));
    else if (games) {
      const good = games.every((g) => g.state !== "bad") && games.some((g) => g.state === "ok");
      box.append(h("p", { "data-check": "browser-games" }, t("dice.browser_games"), " ", verdict(good)),
        h("ul", { class: "dice-games" }, ...games.map(gameLine)));
    }
    if (recordCheck && recordCheck.error) box.append(h("p", {}, recordCheck.error));
    else if (recordCheck) box.append(h("p", { "data-check": "server" }, t("dice.server"), " ", verdict(recordCheck.ok)));
    page.append(box);
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
      serverCheck = { error: errorText(error) };
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
    if (documentText || (data && data.scheme === SCHEME)) {
      renderDocument();
      page.append(h("p", { class: "links" }, h("a", { href: "#/dice-stats" }, t("dice.stats_link")),
        tableId ? " · " : null, tableId ? h("a", { href: `#/table/${tableId}` }, t("replay.back")) : null));
      return;
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
    renderDocument();
    page.append(h("p", { class: "links" }, h("a", { href: "#/dice-stats" }, t("dice.stats_link")),
      tableId ? " · " : null, tableId ? h("a", { href: `#/table/${tableId}` }, t("replay.back")) : null));
  }

  load();
  return { rerender: render, close() {} };
}
