// Unit test of a page's refused request (src/nardy/web/static/js/tokens.js, docs/PROTOCOL.md,
// "Refusals"): the tokens card says why in the page's language, for a refused load and a
// refused revocation alike.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { stubElements, stubPage } from "./page.mjs";

import { setLanguage } from "../../src/nardy/web/static/js/i18n.js";
import { tokensCard } from "../../src/nardy/web/static/js/tokens.js";

const answers = new Map();

before(() => {
  stubPage();
  stubElements();
  const files = globalThis.fetch;
  globalThis.fetch = async (path, options = {}) => {
    const key = `${options.method || "GET"} ${path}`;
    if (!answers.has(key)) return files(path, options);
    const [status, doc] = answers.get(key);
    return { ok: status < 400, status, headers: new Headers(), json: async () => doc };
  };
});

/** The card's error line, once the page has drawn one (each turn of the event loop lets
 * the card's requests answer). */
async function errorLine(card) {
  for (let turn = 0; turn < 1000; turn++) {
    const line = card.find((node) => node.getAttribute?.("class") === "error");
    if (line) return line.textContent;
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.fail("the card shows no error");
}

test("a refused load is said in the page's language", async () => {
  await setLanguage("ru");
  const detail = "sign in to your account first";
  answers.set("GET /api/tokens", [401, { detail, code: "sign_in_account" }]);
  assert.equal(await errorLine(tokensCard()), "Сначала войдите в свою учётную запись.");
});

test("a refused revocation is said in the page's language", async () => {
  await setLanguage("pl");
  const token = { id: "t1", label: "bot", created: 1, last_used: null };
  answers.set("GET /api/tokens", [200, { tokens: [token] }]);
  answers.set("DELETE /api/tokens/t1", [404, { detail: "you have no such token", code: "no_token" }]);
  const card = tokensCard();
  let revoke = null;
  for (let turn = 0; turn < 1000 && !revoke; turn++) {
    revoke = card.find((node) => node.getAttribute?.("class") === "revoke");
    await new Promise((resolve) => setImmediate(resolve));
  }
  revoke.dispatchEvent(new Event("click"));
  assert.equal(await errorLine(card), "Nie masz takiego tokenu.");
});
