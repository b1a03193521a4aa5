// Unit tests of the page's part in the dice (src/nardy/web/static/js/contribute.js,
// docs/PROTOCOL.md, "Dice"): a contribution goes once per game with an id of its own, and
// the server's refusal of it (a late one, after the game rolled or the match ended) is told
// apart from the refusal of something the player did.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.localStorage = { getItem: () => null, setItem: () => {} };
const { answersContribution, contributeIfAsked } = await import(
  "../../src/nardy/web/static/js/contribute.js"
);

const asking = (game) => ({
  you: 1,
  game_dice: { game, open: true, contributions: [{ from: null }, { from: null }] },
});

test("a contribution goes once a game, with the game in its id", () => {
  const sent = [];
  const games = new Set();
  contributeIfAsked(asking(2), games, (message) => sent.push(message));
  contributeIfAsked(asking(2), games, (message) => sent.push(message));
  contributeIfAsked(asking(3), games, (message) => sent.push(message));
  assert.deepEqual(
    sent.map((m) => [m.type, m.id, m.value.length]),
    [["contribute", "dice-2", 64], ["contribute", "dice-3", 64]],
  );
});

test("the refusal of a late contribution is the page's own business", () => {
  assert.equal(answersContribution({ type: "error", message: "the match is over", id: "dice-4" }), true);
  assert.equal(answersContribution({ type: "error", message: "not your turn", id: 7 }), false);
  assert.equal(answersContribution({ type: "error", message: "bad", id: null }), false);
  assert.equal(answersContribution({ type: "error", message: "bad" }), false);
});
