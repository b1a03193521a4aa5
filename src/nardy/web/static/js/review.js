// The review of a finished match: every action in a list, the board at any of them, and
// (once the server has analysed the record) each decision's error and the best choices.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { boardSVG } from "./board.js";
import { seatName, settingsSummary, variantName } from "./common.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";
import { describe, framesOf } from "./replay.js";

/** The review page of table ``tableId`` (route ``#/review/{id}``). */
export function reviewView(root, tableId) {
  let record = null;
  let frames = [];
  let at = 0;
  const page = h("div", { class: "review" });
  clear(root).append(page);

  async function load() {
    try {
      record = await api(`/api/tables/${tableId}/record`);
    } catch {
      clear(page).append(h("p", {}, t("replay.missing")));
      return;
    }
    frames = framesOf(record);
    render();
  }

  function go(k) {
    at = Math.max(0, Math.min(frames.length - 1, k));
    render();
    const row = page.querySelector(`[data-frame="${at}"]`);
    if (row) row.scrollIntoView({ block: "nearest" });
  }

  function boardOf(frame) {
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
    const board = h("div", { class: "board", id: "review-board", tabindex: "0", "aria-label": t("replay.keys") });
    board.innerHTML = boardSVG(model);
    board.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") go(at + 1);
      else if (e.key === "ArrowLeft") go(at - 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(frames.length - 1);
      else return;
      e.preventDefault();
      document.getElementById("review-board").focus();
    });
    return board;
  }

  function moveList(players) {
    const list = h("ol", { class: "review-moves", id: "review-moves" });
    frames.forEach((frame, k) => {
      if (frame.index < 0) {
        list.append(h("li", { class: "game-head" }, t("replay.game", { n: frame.game + 1 })));
        return;
      }
      const current = k === at ? "true" : null;
      list.append(h("li", {},
        h("button", { type: "button", class: "move", "data-frame": String(k), "aria-current": current, onclick: () => go(k) },
          describe(frame.action, players))));
    });
    return list;
  }

  function render() {
    if (!record) return;
    const frame = frames[at];
    const players = (record.players || []).map(seatName);
    clear(page).append(
      h("h1", {}, t("review.title"), " · ", variantName(record.variant)),
      h("p", { class: "muted" }, players.join(" – "), " · ", settingsSummary(record.variant, record.settings), " · ",
        t("table.final_score", { x: record.score[0], y: record.score[1] })),
      h("div", { class: "review-layout" },
        h("div", { class: "col" },
          h("div", { class: "board-frame" }, boardOf(frame)),
          h("p", { class: "status", id: "review-action", "aria-live": "polite" },
            t("replay.game", { n: frame.game + 1 }), " · ", describe(frame.action, players)),
          h("div", { class: "controls" },
            h("button", { type: "button", "data-nav": "prev", onclick: () => go(at - 1) }, t("replay.prev")),
            h("span", { class: "counter", id: "review-counter" }, t("replay.counter", { i: at + 1, n: frames.length })),
            h("button", { type: "button", class: "primary", "data-nav": "next", onclick: () => go(at + 1) }, t("replay.next"))),
          h("p", { class: "muted", id: "review-analysis" }, t("review.not_analysed"))),
        h("div", { class: "col card" }, h("h2", {}, t("review.moves")), moveList(players))),
      h("p", { class: "links" },
        h("a", { href: `#/table/${tableId}` }, t("replay.back")),
        h("a", { href: `#/replay/${tableId}` }, t("table.replay"))),
    );
  }

  load();
  return { rerender: render, close() {} };
}
