// Unit tests of the words for the server's refusals (src/nardy/web/static/js/refusals.js,
// docs/PROTOCOL.md, "Refusals"): a refusal is told by its code in the page's language,
// with the values it names; a code the page does not know falls back to the server's own
// words.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { stubPage } from "./page.mjs";

import { setLanguage } from "../../src/nardy/web/static/js/i18n.js";
import { refusalText } from "../../src/nardy/web/static/js/refusals.js";

before(stubPage);

const outOfTurn = { type: "error", message: "it is player 0's turn, not player 1's", code: "not_your_turn", id: 3 };

test("a refusal is said by its code in the page's language", async () => {
  await setLanguage("ru");
  assert.equal(refusalText(outOfTurn), "Сейчас не ваш ход.");
  await setLanguage("pl");
  assert.equal(refusalText(outOfTurn), "To nie Twój ruch.");
  await setLanguage("en");
  assert.equal(refusalText(outOfTurn), "It is not your turn.");
});

test("the values a refusal names fill its text", async () => {
  await setLanguage("lt");
  const sent = { type: "error", message: "…", code: "contribution_sent", params: { game: 2 }, id: "x" };
  assert.equal(refusalText(sent), "Savo įnašą 2-ajam žaidimui jau nusiuntėte.");
});

test("an unknown code, or none, shows the server's own words", async () => {
  await setLanguage("ru");
  const news = { type: "error", message: "a refusal from a newer server", code: "brand_new", id: 1 };
  assert.equal(refusalText(news), "Ответ сервера: a refusal from a newer server");
  assert.equal(refusalText({ type: "error", message: "this table is full", code: "refused" }), "Ответ сервера: this table is full");
  assert.equal(refusalText({ type: "error", message: "an older server" }), "Ответ сервера: an older server");
});
