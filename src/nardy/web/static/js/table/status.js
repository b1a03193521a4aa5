// The words of the table: the sentence under the board (whose turn, what to do), how a
// game ended, and the news of what the others just did (a play, a take, a drop, the
// opening roll), each play as its mover writes it.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { chouetteStatus } from "../chouette.js";
import { playText as written } from "../common.js";
import { t } from "../i18n.js";
import { cannotMove, rollsItself } from "./model.js";

const isSeat = (s) => s !== null && s !== undefined;

/** Whether the table has ended: over, aborted (nobody played) or withdrawn. */
export const ended = (state) => ["over", "aborted", "withdrawn"].includes(state.status);

/** How a game ended, in a sentence. */
export function resultText(result, nameOf) {
  if (!isSeat(result.winner)) return t("result.draw_text");
  const kind = result.reason === "time" ? t("result.time") : result.reason === "left" ? t("result.left") : t(`result.${result.kind}`);
  return t("result.text", { name: nameOf(result.winner), points: result.points, kind });
}

/** The sentence under the board. */
export function statusText(state, nameOf) {
  if (state.status === "withdrawn") return t("table.withdrawn");
  if (state.status === "aborted") return t("table.match_aborted"); // nobody played: no result
  if (state.kind === "chouette") return chouetteStatus(state, state.legal || {}, nameOf);
  const you = state.you;
  const other = isSeat(you) ? 1 - you : null;
  if (state.status === "open") return t("table.waiting_opponent");
  if (state.status === "over" || isSeat(state.winner)) {
    if (!isSeat(state.winner)) return t("table.match_over");
    return state.winner === you ? t("table.you_won_match") : t("table.match_won_by", { name: nameOf(state.winner) });
  }
  const l = state.legal || {};
  switch (state.phase) {
    case "opening":
      return t("table.opening");
    case "rolling":
      if (state.turn === you) {
        if (l.double) return t("table.your_roll_or_double");
        // "roll the dice" only beside a Roll button (S5: the server may roll for you)
        return l.roll && !rollsItself(state, l) ? t("table.your_roll") : t("table.rolling_for_you");
      }
      return t("table.their_roll", { name: nameOf(state.turn) });
    case "moving":
      if (state.turn === you) {
        if (l.steps && l.steps.length) return t("table.your_move", { dice: state.dice.join("–") });
        return cannotMove(state, l) ? t("table.no_move") : t("table.confirm_move");
      }
      return t("table.their_move", { name: nameOf(state.turn) });
    case "doubled":
      if (l.take) return t("table.double_offered", { name: nameOf(other), value: state.cube.value * 2 });
      return t("table.waiting_answer", { name: nameOf(isSeat(other) ? other : 1 - state.turn) });
    case "resigning":
      if (l.accept) return t("table.resign_offered", { name: nameOf(other), what: t(`resign.level${l.level}`) });
      return t("table.waiting_answer", { name: nameOf(isSeat(other) ? other : 1 - state.offer[0]) });
  }
  return "";
}

const gameOf = (s) => (s.kind === "chouette" ? (s.games || 0) + 1 : s.game);

/** Whether this game's roll-off is still news: until each player has made a play (the
 * starter's first play, and the other's answer to it). */
export function firstTurn(state) {
  const playing = state.status === "playing" && state.phase !== "over";
  return playing && !!state.opening && (state.plays || 0) <= 1;
}

/** The roll-off of this game: who rolled what and who starts. */
export function openingText(state, nameOf) {
  if (!state.opening || !isSeat(state.starter)) return "";
  const [a, b] = state.opening;
  return t("news.opening", { a: nameOf(0), x: a, b: nameOf(1), y: b, starter: nameOf(state.starter) });
}

/** A play as news: "Ala played 6–1: 13/7 8/7", in the mover's numbering. */
export function playText(state, play, nameOf) {
  return t("news.played", { name: nameOf(play.player), dice: (play.dice || []).join("–"), play: written(play) });
}

/** What the others did between two states, newest last: ``[{kind, say}]`` (``say()``
 * writes it in the language of the moment). ``nameOf``
 * names a seat (at a chouette: a side, through ``sideName``). */
export function newsBetween(before, after, nameOf) {
  const news = [];
  if (!after || after.status === "open") return news;
  const viewer = after.kind === "chouette" ? after.perspective : after.you;
  const newGame = !before || gameOf(before) !== gameOf(after);
  if (after.opening && (newGame || !before.opening) && firstTurn(after)) {
    news.push({ kind: "opening", say: () => openingText(after, nameOf) });
  }
  if (!before) return news;
  const play = after.last_play;
  if (play && JSON.stringify(play) !== JSON.stringify(before.last_play) && play.player !== viewer) {
    news.push({ kind: "play", say: () => playText(after, play, nameOf) });
  }
  if (after.kind !== "chouette") {
    // A double answered (perhaps by the computer within the same command as the double):
    // the cube doubled into the taker's hands, or the game ended dropped.
    const cube = after.cube;
    const took = before.cube && cube && gameOf(after) === gameOf(before) && cube.value > before.cube.value && isSeat(cube.owner);
    if (took && cube.owner !== viewer) news.push({ kind: "take", say: () => t("news.took", { name: nameOf(cube.owner), value: cube.value }) });
    const last = after.last_result;
    const ended = last && JSON.stringify(last) !== JSON.stringify(before.last_result);
    if (ended && last.kind === "drop" && isSeat(last.winner) && 1 - last.winner !== viewer) {
      news.push({ kind: "drop", say: () => t("news.dropped", { name: nameOf(1 - last.winner), points: last.points }) });
    }
  }
  if (before.phase === "resigning" && before.offer && after.phase !== "resigning" && gameOf(after) === gameOf(before) && !after.result) {
    const answerer = 1 - before.offer[0];
    if (answerer !== viewer) news.push({ kind: "decline", say: () => t("news.declined", { name: nameOf(answerer) }) });
  }
  return news;
}

/** The news a fresh page starts with: the roll-off of this game, or the last play. */
export function currentNews(state, nameOf) {
  const viewer = state.kind === "chouette" ? state.perspective : state.you;
  const news = firstTurn(state) ? [{ kind: "opening", say: () => openingText(state, nameOf) }] : [];
  const play = state.last_play;
  if (play && play.player !== viewer && play.game === gameOf(state)) news.push({ kind: "play", say: () => playText(state, play, nameOf) });
  return news;
}
