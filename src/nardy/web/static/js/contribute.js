// The player's part in the dice (docs/PROTOCOL.md, "Dice"): when a game's commitment is
// shown and this seat has not contributed yet, send a contribution before the game's first
// roll: the player's own text from the settings, or else 32 random bytes from
// crypto.getRandomValues in hex. The server cannot know it when it commits to the game's
// seed, so neither side alone decides the dice.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { prefs } from "./prefs.js";

/** 32 random bytes from the browser's cryptographic source, in hex. */
export function randomContribution() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The message id of a contribution to ``game``: the server's answer carries it back. */
export function contributionId(game) {
  return `dice-${game}`;
}

/** Whether a server's error answers one of this page's own contributions. The page sends
 * them by itself, and one may arrive just after the game rolled or the match ended (a
 * player leaving as the next game opens): the refusal says nothing the player did, so the
 * page does not show it. */
export function answersContribution(doc) {
  return typeof doc.id === "string" && doc.id.startsWith("dice-");
}

/** Send this seat's contribution to the state's game if the game asks for it and this
 * connection has not sent one yet (``sent`` holds the games it has). */
export function contributeIfAsked(state, sent, send) {
  const dice = state.game_dice;
  const seat = state.you;
  if (!dice || !dice.open || seat === null || seat === undefined) return;
  const mine = dice.contributions[seat];
  if (!mine || mine.from !== null || sent.has(dice.game)) return;
  sent.add(dice.game);
  const own = (prefs().dice_text || "").trim();
  send({ type: "contribute", value: own || randomContribution(), id: contributionId(dice.game) });
}
