// Replay of a game record (INTERFACES.md §4): step through its actions on the board,
// from the viewer's seat and in the colours the table showed, with the list of moves.
// The record's plays are moved as they are written; nothing is checked here (the server
// and `nardy replay` check records).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { applyStep, boardSVG } from "./board.js";
import { colourOf, playText, seatNames, settingsSummary, variantName } from "./common.js";
import { clear, h } from "./dom.js";
import { exportLinks, idsPanel, loadIds } from "./exports.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { prefs } from "./prefs.js";
import { mirrored } from "./table/model.js";
import { netMoves } from "./table/moves.js";
import { resultText } from "./table/status.js";
import { startPosition, theirPlace } from "./variants.js";

const copy = (x) => JSON.parse(JSON.stringify(x));

/** Who started a game: the player of its first roll or play. */
function starterOf(game) {
  const first = (game.actions || []).find((a) => (a.type === "roll" || a.type === "play") && a.player !== null);
  return first ? first.player : 0;
}

/** Every position of the record, one frame per action, seen by ``seat``. */
export function framesOf(record, seat = 0) {
  const variant = record.variant;
  const frames = [];
  const side = (player) => (player === seat ? "me" : "them");
  const places = (player, steps) =>
    (steps || []).map(([a, b]) => (player === seat ? [a, b] : [theirPlace(a, variant), theirPlace(b, variant)]));
  (record.games || []).forEach((game, g) => {
    let position = startPosition(variant);
    let cube = 1;
    let owner = null;
    const starter = starterOf(game);
    const base = { game: g, starter, variant, score: game.score_before };
    frames.push({ ...base, index: -1, position, cube, owner, dice: null, action: null, last: null });
    for (const [i, action] of (game.actions || []).entries()) {
      let dice = null;
      let last = null;
      if (action.type === "play") {
        position = copy(position);
        const moved = places(action.player, action.steps);
        for (const [from, to] of moved) applyStep(position, from, to, side(action.player), variant);
        dice = { owner: side(action.player), values: action.dice, used: action.dice.map(() => true) };
        last = moved.length ? netMoves(moved) : null;
      } else if (action.type === "roll") {
        dice = { owner: side(action.player), values: action.dice, used: [false, false] };
      } else if (action.type === "opening") {
        const pair = action.dice[action.dice.length - 1];
        dice = { owner: side(pair[0] > pair[1] ? 0 : 1), values: pair, used: [false, false] };
      } else if (action.type === "take") {
        cube *= 2;
        owner = action.player;
      }
      const result = i === game.actions.length - 1 ? game.result : null;
      frames.push({ ...base, index: i, position, cube, owner, dice, action, last, result });
    }
  });
  return frames;
}

/** One action in words; a play as its mover writes it, whoever looks. */
export function describe(action, players) {
  if (!action) return t("replay.start");
  const said = describeAction(action, players);
  // a forfeit's actions (rules/forfeit.py) say why the game ended: time ran out, or a player left
  return action.reason ? `${said} (${t(`replay.reason.${action.reason}`)})` : said;
}

function describeAction(action, players) {
  const who = action.player === null || action.player === undefined ? "" : players[action.player] || "?";
  switch (action.type) {
    case "opening":
      return t("replay.opening", { rolls: action.dice.map((d) => d.join("–")).join(", ") });
    case "roll":
      return t("replay.roll", { name: who, dice: action.dice.join("–") });
    case "play":
      return t("replay.play", { name: who, dice: action.dice.join("–"), play: playText(action) });
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
  let seat = 0;
  let ids = null; // each position's XGID and gnubg ID
  const page = h("div", { class: "replay-page replay" });
  clear(root).append(page);

  async function load() {
    try {
      record = await api(`/api/tables/${tableId}/record`);
    } catch {
      clear(page).append(h("p", {}, t("replay.missing")));
      return;
    }
    try {
      const state = await api(`/api/tables/${tableId}`);
      if (state.you === 0 || state.you === 1) seat = state.you;
    } catch {
      seat = 0;
    }
    frames = framesOf(record, seat);
    at = 0;
    render();
    ids = await loadIds(tableId, record.variant);
    render();
  }

  function go(k, focus = null) {
    at = Math.max(0, Math.min(frames.length - 1, k));
    render(focus);
  }

  function boardOf(frame) {
    const view = { variant: record.variant, starter: frame.starter, game: frame.game + 1 };
    const model = {
      variant: record.variant,
      position: frame.position,
      colours: [colourOf(view, seat), colourOf(view, 1 - seat)],
      mirror: mirrored(view, prefs()),
      numbers: prefs().numbers,
      dice: frame.dice,
      last: frame.last,
      label: t("board.label", { variant: variantName(record.variant) }),
    };
    if (record.settings && record.settings.cube) {
      const owner = frame.owner === null ? null : frame.owner === seat ? "me" : "them";
      model.cube = { show: true, enabled: true, value: frame.cube, owner };
    }
    const board = h("div", { class: "board", id: "replay-board", tabindex: "0", "aria-label": t("replay.keys") });
    board.innerHTML = boardSVG(model);
    board.dataset.position = JSON.stringify(frame.position);
    board.dataset.colours = model.colours.join(" ");
    board.addEventListener("keydown", keys);
    return { board, colours: model.colours };
  }

  /** Arrows, Home and End step through the record, on the board or in the list. */
  function keys(e) {
    const from = e.currentTarget.id === "replay-moves" ? "list" : "board";
    if (e.key === "ArrowRight" || e.key === "ArrowDown") go(at + 1, from);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") go(at - 1, from);
    else if (e.key === "Home") go(0, from);
    else if (e.key === "End") go(frames.length - 1, from);
    else return;
    e.preventDefault();
  }

  function bar(player, colour, score) {
    const players = seatNames(record.players, record.computers);
    return h("div", { class: `player ${player === seat ? "me" : "them"}` },
      h("span", { class: `chip ${colour}`, "aria-hidden": "true" }),
      h("span", { class: "who" }, h("span", { class: "name" }, players[player] || "?")),
      h("span", { class: "spacer" }),
      h("span", { class: "score" }, t("table.points", { n: score[player] })));
  }

  function nav(name, label, k, primary = false) {
    return h("button", { type: "button", class: primary ? "primary" : "", "data-nav": name, title: label, "aria-label": label, onclick: () => go(k, name) }, icon(name));
  }

  function moveList(players) {
    const list = h("ol", { class: "move-list", id: "replay-moves", onkeydown: keys });
    frames.forEach((frame, k) => {
      if (frame.index < 0) {
        list.append(h("li", { class: "game-head" }, t("replay.game", { n: frame.game + 1 })));
        return;
      }
      const action = frame.action;
      const mover = action.player === null || action.player === undefined ? null : action.player;
      const view = { variant: record.variant, starter: frame.starter };
      list.append(h("li", {},
        h("button", { type: "button", "data-frame": String(k), "aria-current": k === at ? "true" : null, onclick: () => go(k, "list") },
          h("span", { class: "who" }, mover === null ? "" : h("span", { class: `chip ${colourOf(view, mover)}`, "aria-hidden": "true" })),
          h("span", {}, describe(action, players)))));
    });
    return list;
  }

  function render(focus = null) {
    if (!record) return;
    const frame = frames[at];
    const players = seatNames(record.players, record.computers);
    const nameOf = (p) => players[p] || "?";
    const { board, colours } = boardOf(frame);
    const result = frame.result ? ` · ${resultText(frame.result, nameOf)}` : "";
    const list = moveList(players);
    clear(page).append(
      h("section", { class: "replay-main" },
        h("div", { class: "table-head" },
          h("h1", {}, t("replay.title"), " · ", variantName(record.variant)),
          h("span", { class: "muted table-summary" }, settingsSummary(record.variant, record.settings), " · ", t("table.match_score", { a: nameOf(seat), x: record.score[seat], y: record.score[1 - seat], b: nameOf(1 - seat) }))),
        bar(1 - seat, colours[1], frame.score),
        h("div", { class: "board-frame" }, board),
        bar(seat, colours[0], frame.score),
        h("p", { class: "status", id: "replay-action", "aria-live": "polite" },
          t("replay.game", { n: frame.game + 1 }), " · ", describe(frame.action, players), result),
        h("div", { class: "controls" },
          nav("first", t("replay.first"), 0),
          nav("prev", t("replay.prev"), at - 1),
          h("span", { class: "counter", id: "replay-counter" }, t("replay.counter", { i: at + 1, n: frames.length })),
          nav("next", t("replay.next"), at + 1, true),
          nav("last", t("replay.last"), frames.length - 1)),
        idsPanel(ids, frame)),
      h("aside", { class: "table-side" },
        h("section", { class: "card" }, h("h2", {}, t("replay.moves")), list),
        h("p", { class: "links" },
          h("a", { href: `#/table/${tableId}` }, t("replay.back")),
          h("a", { href: `#/review/${tableId}` }, t("table.review")),
          h("a", { href: `#/dice/${tableId}` }, t("table.verify_dice"))),
        exportLinks(tableId, record.variant)),
    );
    // Keep the current move in sight inside the list (never by scrolling the page).
    const current = list.querySelector('[aria-current="true"]');
    if (current) list.scrollTop = Math.max(0, current.parentElement.offsetTop - list.clientHeight / 2);
    const quiet = { preventScroll: true };
    if (focus === "board") document.getElementById("replay-board").focus(quiet);
    else if (focus === "list" && current) current.focus(quiet);
    else if (focus) {
      const again = page.querySelector(`[data-nav="${focus}"]`);
      if (again) again.focus(quiet);
    }
  }

  load();
  return { rerender: () => render(), close() {} };
}
