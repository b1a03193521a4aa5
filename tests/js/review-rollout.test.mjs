// Unit test of the words the review page puts on a decision a rollout settled
// (src/nardy/web/static/js/review_parts.js): the marker and its tooltip name the games
// and the depth in each of the page's languages.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { stubPage } from "./page.mjs";

import { setLanguage } from "../../src/nardy/web/static/js/i18n.js";
import { rolloutWords } from "../../src/nardy/web/static/js/review_parts.js";

before(stubPage);

test("a rolled-out decision says so in English", async () => {
  await setLanguage("en");
  const { text, title } = rolloutWords({ games: 324, truncate: 9 });
  assert.equal(text, "rolled out (324 games)");
  assert.match(title, /324 games/);
  assert.match(title, /9 plies/);
});

test("and in every other language of the page, in its own words", async () => {
  const seen = new Set();
  for (const code of ["pl", "lt", "ru"]) {
    await setLanguage(code);
    const { text, title } = rolloutWords({ games: 324, truncate: 9 });
    assert.match(text, /324/, code);
    assert.match(title, /324/, code);
    assert.match(title, /9/, code);
    assert.ok(!text.includes("review.") && !text.includes("games"), `${code}: ${text}`);
    seen.add(text);
  }
  assert.equal(seen.size, 3);
});
