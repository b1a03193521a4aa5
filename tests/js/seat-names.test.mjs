// Unit tests of how a seat's name is shown (src/nardy/web/static/js/common.js): the
// computer is named from its level (the states' ``computers``, docs/PROTOCOL.md) in the
// page's words, never read out of its English name; several computers at one table are
// numbered; a person's name is shown as it is.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { stubPage } from "./page.mjs";

import { seatName, seatNames } from "../../src/nardy/web/static/js/common.js";
import { setLanguage } from "../../src/nardy/web/static/js/i18n.js";

before(stubPage);

test("the computer is named from its level in the page's language", async () => {
  await setLanguage("pl");
  assert.equal(seatName("computer (expert)", "expert"), "Komputer (Ekspert)");
  assert.equal(seatName("whatever the server calls it", "beginner", 2), "Komputer 2 (Początkujący)");
  await setLanguage("en");
  assert.equal(seatName("computer (expert)", "expert"), "Computer (Expert)");
});

test("a name without a level is shown as it is, even one that reads like the computer's", async () => {
  await setLanguage("en");
  assert.equal(seatName("computer (expert)"), "computer (expert)");
  assert.equal(seatName("Ala", null), "Ala");
  assert.equal(seatName(null, null), null);
});

test("several computers at one table are numbered in seat order, one alone is not", async () => {
  await setLanguage("en");
  assert.deepEqual(
    seatNames(["Ala", "computer 2 (casual)", "computer 1 (casual)"], [null, "casual", "casual"]),
    ["Ala", "Computer 1 (Casual)", "Computer 2 (Casual)"],
  );
  assert.deepEqual(seatNames(["computer (expert)", null], ["expert", null]), ["Computer (Expert)", null]);
  assert.deepEqual(seatNames(["Ala", "Ola"], undefined), ["Ala", "Ola"]);
});
