// The review of a match: the server analyses the finished games in the background (this
// page asks for it and shows its progress); then every action is listed with each error
// marked, the board shows any decision with the play made and the best one, the next
// candidates with their equities, the cube's numbers, a graph of the chances through the
// match and each player's summary.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { boardSVG } from "./board.js";
import { playWords, seatNames, settingsSummary, variantName } from "./common.js";
import { clear, h } from "./dom.js";
import { exportLinks, idsPanel, loadIds } from "./exports.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";
import { errorText } from "./refusals.js";
import { describe, framesOf } from "./replay.js";
import { arrowsSVG, equity, graphView, markName, markSign, rolledOut, summaryTable } from "./review_parts.js";

const POLL_MS = 1000;

/** The review page of table ``tableId`` (route ``#/review/{id}``). */
export function reviewView(root, tableId) {
  let record = null;
  let frames = [];
  let at = 0;
  let state = null; // the server's answer about the review
  let decisions = new Map(); // "game:action" -> decision
  let lucks = new Map(); // "game:action" -> luck of that roll
  let shown = null; // the candidate whose arrows are drawn instead of the best play
  let timer = null;
  let closed = false;
  let ids = null; // each position's XGID and gnubg ID
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
    ids = await loadIds(tableId, record.variant);
    render();
    await follow(true);
  }

  /** Ask for the review when it is missing, then look again until it is done. */
  async function follow(ask) {
    if (closed) return;
    try {
      state = await api(`/api/tables/${tableId}/review`);
      if (ask && (state.status === "none" || state.status === "stale") && state.games > 0) {
        state = await api(`/api/tables/${tableId}/review`, {});
      }
    } catch (error) {
      state = { status: "failed", error: errorText(error) };
    }
    index();
    render();
    if (!closed && (state.status === "queued" || state.status === "running")) {
      timer = setTimeout(() => follow(false), POLL_MS);
    }
  }

  function index() {
    decisions = new Map();
    lucks = new Map();
    const review = state && state.review;
    if (!review) return;
    review.games.forEach((game, g) => {
      for (const d of game.decisions) decisions.set(`${g}:${d.action}`, d);
      for (const r of game.rolls) lucks.set(`${g}:${r.action}`, r.luck);
    });
  }

  const keyOf = (frame) => `${frame.game}:${frame.index}`;
  const decisionAt = (k) => (frames[k] && frames[k].index >= 0 ? decisions.get(keyOf(frames[k])) : undefined);

  function go(k) {
    at = Math.max(0, Math.min(frames.length - 1, k));
    shown = null;
    render();
    // the list scrolls to the row by itself: the page stays where it is, the board in view
    const list = page.querySelector("#review-moves");
    const row = list && list.querySelector(`[data-frame="${at}"]`);
    if (row) {
      const [r, l] = [row.getBoundingClientRect(), list.getBoundingClientRect()];
      if (r.top < l.top || r.bottom > l.bottom) list.scrollTop += r.top - l.top - (l.height - r.height) / 2;
    }
  }

  function mistake(direction) {
    for (let k = at + direction; k >= 0 && k < frames.length; k += direction) {
      const d = decisionAt(k);
      if (d && d.mark) return go(k);
    }
  }

  // -- the board and the decision at it

  function modelOf(frame, dice) {
    const model = {
      variant: record.variant,
      position: frame.position,
      colours: ["light", "dark"],
      mirror: prefs().orientation === "left",
      numbers: prefs().numbers,
      dice,
      label: t("board.label", { variant: variantName(record.variant) }),
    };
    if (record.settings && record.settings.cube) {
      model.cube = { show: true, enabled: true, value: frame.cube, owner: frame.owner === null ? null : frame.owner === 0 ? "me" : "them" };
    }
    return model;
  }

  function boardView() {
    const frame = frames[at];
    const d = decisionAt(at);
    // At a decision the board shows the position the player decided in.
    const before = d && at > 0 ? frames[at - 1] : frame;
    const model = modelOf(before, d && d.kind === "move" ? { ...frame.dice, used: [false, false] } : frame.dice);
    let svg = boardSVG(model);
    if (d && d.kind === "move") {
      const best = shown || (d.candidates && d.candidates[0]);
      const played = (d.candidates || []).find((c) => c.played);
      let arrows = "";
      if (best && (!played || best.play !== played.play)) arrows += arrowsSVG(model, best.steps, d.player, shown ? "shown" : "best");
      if (played) arrows += arrowsSVG(model, played.steps, d.player, "played");
      svg = svg.replace(/<\/svg>$/, `${arrows}</svg>`);
    }
    const board = h("div", { class: "board", id: "review-board", tabindex: "0", "aria-label": t("replay.keys"), "data-frame": String(at) });
    board.innerHTML = svg;
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

  function decisionPanel(players) {
    const frame = frames[at];
    const d = decisionAt(at);
    const box = h("div", { class: "decision card", id: "review-decision", "aria-live": "polite" });
    const luck = frame.index >= 0 ? lucks.get(keyOf(frame)) : undefined;
    if (!d) {
      box.append(h("p", { class: "muted" }, frame.index < 0 ? t("replay.start") : t("review.no_decision")));
      if (luck !== undefined) box.append(h("p", {}, t("review.luck_of_roll", { luck: equity(luck) })));
      return box;
    }
    const who = players[d.player] || "?";
    const marked = d.mark ? h("span", { class: `mark ${d.mark.replace(" ", "-")}`, "data-mark": d.mark }, `${markSign(d.mark)} ${markName(d.mark)}`) : null;
    box.append(h("h2", {}, t(`review.kind_${d.kind}`, { name: who }), " ", marked, " ", rolledOut(d.rollout)));
    const say = (word) => ({ double: t("review.double"), "no double": t("review.no_double"), take: t("action.take"), drop: t("action.drop"), accept: t("action.accept"), decline: t("action.decline") })[word] || playWords(word);
    box.append(
      h("p", { id: "review-played" }, h("strong", {}, t("review.played")), " ", say(d.played), " ", h("span", { class: "num" }, equity(d.equity))),
      h("p", { id: "review-best" }, h("strong", {}, t("review.best")), " ", say(d.best), " ", h("span", { class: "num" }, equity(d.best_equity))),
      h("p", { class: d.error > 0 ? "error-line" : "muted", id: "review-error" }, t("review.error", { error: d.error.toFixed(3) })),
    );
    if (d.kind === "move") {
      if (d.luck !== null && d.luck !== undefined) box.append(h("p", {}, t("review.luck_of_roll", { luck: equity(d.luck) })));
      const rows = (d.candidates || []).map((c, i) => h("tr", {
        class: [c.played ? "played" : "", shown && shown.play === c.play ? "shown" : ""].join(" ").trim(),
        "data-candidate": String(i),
        tabindex: "0",
        onclick: () => { shown = c; render(); },
        onkeydown: (e) => { if (e.key === "Enter") { shown = c; render(); } },
      },
      h("td", {}, c.played ? "▶ " : "", playWords(c.play)),
      h("td", { class: "num" }, equity(c.equity)),
      h("td", { class: "num" }, c.difference === 0 ? "" : equity(c.difference)),
      h("td", { class: "num muted" }, c.rollout ? rolledOut(c.rollout) : t("review.ply", { n: c.ply }))));
      box.append(h("table", { class: "candidates", id: "review-candidates" },
        h("thead", {}, h("tr", {}, h("th", {}, t("review.candidates")), h("th", {}, t("review.equity")), h("th", {}, t("review.difference")), h("th", {}, ""))),
        h("tbody", {}, ...rows)));
      box.append(h("p", { class: "small muted", id: "review-unit" }, t("hint.unit")));
      box.append(h("p", { class: "legend small" },
        h("span", { class: "key played" }, t("review.arrow_played")), " ",
        h("span", { class: "key best" }, t("review.arrow_best"))));
    } else if (d.cube) {
      const c = d.cube;
      const lines = d.kind === "resign"
        ? [[t("action.accept"), c.accept], [t("action.decline"), c.decline]]
        : [[t("review.no_double"), c.no_double], [t("review.double_take"), c.double_take], [t("review.double_pass"), c.double_pass]];
      box.append(h("table", { class: "cube-values", id: "review-cube" },
        h("tbody", {}, ...lines.map(([label, value]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", { class: "num" }, equity(value)))))));
      if (c.chances) {
        box.append(h("p", { class: "small muted" }, t("review.chances", {
          win: (100 * c.chances[0]).toFixed(1), gammon: (100 * c.chances[1]).toFixed(1), lose_gammon: (100 * c.chances[3]).toFixed(1),
        })));
      }
    }
    return box;
  }

  // -- the lists

  function moveList(players) {
    const list = h("ol", { class: "review-moves", id: "review-moves" });
    frames.forEach((frame, k) => {
      if (frame.index < 0) {
        list.append(h("li", { class: "game-head" }, t("replay.game", { n: frame.game + 1 })));
        return;
      }
      const d = decisions.get(keyOf(frame));
      const mark = d && d.mark;
      list.append(h("li", {},
        h("button", { type: "button", class: `move${mark ? ` marked ${mark.replace(" ", "-")}` : ""}`, "data-frame": String(k), "data-mark": mark || null, "aria-current": k === at ? "true" : null, onclick: () => go(k) },
          h("span", { class: "what" }, describe(frame.action, players)),
          mark ? h("span", { class: "mark", title: markName(mark) }, markSign(mark)) : null,
          d && d.rollout ? h("span", { class: "rolled-sign", "aria-label": t("review.rolled_out", { games: d.rollout.games }), title: t("review.rolled_out", { games: d.rollout.games }) }, "↻") : null,
          d && d.error > 0 ? h("span", { class: "num" }, `−${d.error.toFixed(3)}`) : null)));
    });
    return list;
  }

  function graph() {
    const review = state && state.review;
    if (!review) return null;
    const match = review.unit === "match";
    const points = [];
    const bounds = [];
    let offset = 0;
    record.games.forEach((game, g) => {
      const analysed = review.games[g];
      if (analysed) {
        if (g > 0) bounds.push(points.length);
        for (const p of analysed.graph) {
          const d = decisions.get(`${g}:${p.action + 1}`) || decisions.get(`${g}:${p.action}`);
          points.push({ y: match && p.match !== undefined ? p.match : p.win, frame: offset + 1 + p.action, mark: d && d.mark });
        }
      }
      offset += (game.actions || []).length + 1;
    });
    if (points.length < 2) return null;
    const name = seatNames(review.players, record.computers)[0];
    const title = t(match ? "review.graph_match" : "review.graph_win", { name });
    return h("div", { class: "card" }, h("h2", {}, title), graphView(points, bounds, at, go, title));
  }

  function analysisStatus() {
    if (!state) return h("p", { class: "muted", id: "review-analysis" }, t("review.asking"));
    const s = state.status;
    if (s === "done") return null;
    if (s === "queued") return h("p", { class: "status", id: "review-analysis", "data-status": s }, t("review.queued"));
    if (s === "running") {
      const { done, total } = state.progress || { done: 0, total: 0 };
      return h("div", { id: "review-analysis", "data-status": s },
        h("p", { class: "status" }, t("review.running", { done, total })),
        h("progress", { max: String(total || 1), value: String(done) }));
    }
    if (s === "failed") return h("p", { class: "bad", id: "review-analysis", "data-status": s }, t("review.failed", { error: state.error || "" }));
    return h("p", { class: "muted", id: "review-analysis", "data-status": s }, t("review.not_analysed"));
  }

  function render() {
    if (!record) return;
    const frame = frames[at];
    const players = seatNames(record.players, record.computers);
    const review = state && state.review;
    clear(page).append(...[
      h("h1", {}, t("review.title"), " · ", variantName(record.variant)),
      h("p", { class: "muted" },
        t("table.match_score", { a: players[0], x: record.score[0], y: record.score[1], b: players[1] }), " · ",
        settingsSummary(record.variant, record.settings),
        review ? ` · ${t("review.depth", { n: review.ply })}` : ""),
      analysisStatus(),
      h("div", { class: "review-layout" },
        h("div", { class: "col review-board-col" },
          h("div", { class: "board-frame" }, boardView()),
          h("p", { class: "status", id: "review-action" }, t("replay.game", { n: frame.game + 1 }), " · ", describe(frame.action, players)),
          h("div", { class: "controls" },
            h("button", { type: "button", "data-nav": "prev-mistake", onclick: () => mistake(-1), disabled: !review }, t("review.prev_mistake")),
            h("button", { type: "button", "data-nav": "prev", onclick: () => go(at - 1) }, t("replay.prev")),
            h("span", { class: "counter", id: "review-counter" }, t("replay.counter", { i: at + 1, n: frames.length })),
            h("button", { type: "button", class: "primary", "data-nav": "next", onclick: () => go(at + 1) }, t("replay.next")),
            h("button", { type: "button", "data-nav": "next-mistake", onclick: () => mistake(1), disabled: !review }, t("review.next_mistake")))),
        h("div", { class: "col review-side" },
          review ? decisionPanel(players) : null,
          h("div", { class: "card" }, h("h2", {}, t("review.moves")), moveList(players)))),
      graph(),
      review ? h("div", { class: "card" }, h("h2", {}, t("review.summary")), summaryTable(review, players)) : null,
      idsPanel(ids, frame),
      h("p", { class: "links" },
        h("a", { href: `#/table/${tableId}` }, t("replay.back")),
        h("a", { href: `#/replay/${tableId}` }, t("table.replay"))),
      exportLinks(tableId, record.variant),
    ].filter(Boolean));
  }

  load();
  return {
    rerender: render,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
