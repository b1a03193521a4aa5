// Replay of a game record (INTERFACES.md §4): step through its actions on the board.
// The record's plays are moved as they are written; nothing is checked here (the server
// and `nardy replay` check records).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { applyStep, boardSVG } from "./board.js";
import { notation, seatName, settingsSummary, startPosition, theirPlace, variantName } from "./common.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";

/** Every position of the record, one frame per action, seen by player 0. */
export function framesOf(record) {
  const variant = record.variant;
  const frames = [];
  (record.games || []).forEach((game, g) => {
    let position = startPosition(variant);
    let cube = 1;
    let owner = null;
    frames.push({ game: g, index: -1, position, cube, owner, dice: null, action: null, score: game.score_before });
    for (const [i, action] of (game.actions || []).entries()) {
      let dice = null;
      if (action.type === "play") {
        position = JSON.parse(JSON.stringify(position));
        const mover = action.player === 0 ? "me" : "them";
        for (const [a, b] of action.steps || []) {
          const from = action.player === 0 ? a : theirPlace(a, variant);
          const to = action.player === 0 ? b : theirPlace(b, variant);
          applyStep(position, from, to, mover, variant);
        }
        dice = { owner: mover, values: action.dice, used: [false, false] };
      } else if (action.type === "roll") {
        dice = { owner: action.player === 0 ? "me" : "them", values: action.dice, used: [false, false] };
      } else if (action.type === "opening") {
        const last = action.dice[action.dice.length - 1];
        dice = { owner: "me", values: last, used: [false, false] };
      } else if (action.type === "take") {
        cube *= 2;
        owner = action.player;
      }
      frames.push({ game: g, index: i, position, cube, owner, dice, action, score: game.score_before, result: i === game.actions.length - 1 ? game.result : null });
    }
  });
  return frames;
}

export function describe(action, players) {
  if (!action) return t("replay.start");
  const who = action.player === null || action.player === undefined ? "" : players[action.player] || "?";
  switch (action.type) {
    case "opening":
      return t("replay.opening", { rolls: action.dice.map((d) => d.join("–")).join(", ") });
    case "roll":
      return t("replay.roll", { name: who, dice: action.dice.join("–") });
    case "play":
      return t("replay.play", { name: who, dice: action.dice.join("–"), play: notation(action.steps) });
    case "resign":
      return t("replay.resign", { name: who, what: t(`resign.level${action.level || 1}`) });
    default:
      return t(`replay.${action.type}`, { name: who });
  }
}

export function replayView(root, tableId) {
  let record = null;
  let frames = [];
  let at = 0;
  const page = h("div", { class: "replay" });
  clear(root).append(page);

  async function load() {
    try {
      record = await api(`/api/tables/${tableId}/record`);
    } catch (error) {
      clear(page).append(h("p", {}, t("replay.missing")));
      return;
    }
    frames = framesOf(record);
    at = 0;
    render();
  }

  function go(k) {
    at = Math.max(0, Math.min(frames.length - 1, k));
    render();
  }

  function render() {
    if (!record) return;
    const frame = frames[at];
    const players = (record.players || []).map(seatName);
    const model = {
      variant: record.variant,
      position: frame.position,
      colours: ["light", "dark"],
      mirror: prefs().orientation === "left",
      numbers: prefs().numbers,
      dice: frame.dice,
      label: t("board.label", { variant: variantName(record.variant) }),
    };
    if (record.settings && record.settings.cube) {
      model.cube = { show: true, enabled: true, value: frame.cube, owner: frame.owner === null ? null : frame.owner === 0 ? "me" : "them" };
    }
    const result = frame.result
      ? frame.result.winner === null || frame.result.winner === undefined
        ? t("result.draw_text")
        : t("result.text", { name: players[frame.result.winner] || "?", points: frame.result.points, kind: t(`result.${frame.result.kind}`) })
      : "";
    const board = h("div", { class: "board", id: "replay-board", tabindex: "0", "aria-label": t("replay.keys") });
    board.innerHTML = boardSVG(model);
    board.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") go(at + 1);
      else if (e.key === "ArrowLeft") go(at - 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(frames.length - 1);
      else return;
      e.preventDefault();
      document.getElementById("replay-board").focus();
    });
    const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.nav;
    clear(page).append(
      h("h1", {}, t("replay.title"), " · ", variantName(record.variant)),
      h("p", { class: "muted" }, players.join(" – "), " · ", settingsSummary(record.variant, record.settings), " · ", t("table.final_score", { x: record.score[0], y: record.score[1] })),
      h("div", { class: "player them" }, h("span", { class: "chip dark" }), h("span", { class: "name" }, players[1] || "?"), h("span", { class: "spacer" }), h("span", { class: "score" }, t("table.points", { n: frame.score[1] }))),
      h("div", { class: "board-frame" }, board),
      h("div", { class: "player me" }, h("span", { class: "chip light" }), h("span", { class: "name" }, players[0] || "?"), h("span", { class: "spacer" }), h("span", { class: "score" }, t("table.points", { n: frame.score[0] }))),
      h("p", { class: "status", id: "replay-action", "aria-live": "polite" },
        t("replay.game", { n: frame.game + 1 }), " · ", describe(frame.action, players), result ? ` · ${result}` : ""),
      h("div", { class: "controls" },
        h("button", { type: "button", "data-nav": "first", onclick: () => go(0) }, t("replay.first")),
        h("button", { type: "button", "data-nav": "prev", onclick: () => go(at - 1) }, t("replay.prev")),
        h("span", { class: "counter", id: "replay-counter" }, t("replay.counter", { i: at + 1, n: frames.length })),
        h("button", { type: "button", class: "primary", "data-nav": "next", onclick: () => go(at + 1) }, t("replay.next")),
        h("button", { type: "button", "data-nav": "last", onclick: () => go(frames.length - 1) }, t("replay.last"))),
      h("p", { class: "links" },
        h("a", { href: `#/table/${tableId}` }, t("replay.back")),
        h("a", { href: `#/review/${tableId}` }, t("table.review")),
        h("a", { href: `#/dice/${tableId}` }, t("table.verify_dice"))),
    );
    if (focused) {
      const again = page.querySelector(`[data-nav="${focused}"]`);
      if (again) again.focus();
    }
  }

  load();
  return { rerender: render, close() {} };
}
