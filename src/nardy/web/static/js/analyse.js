// The analysis of a position given by itself (route ``#/analyse``): an XGID, a gnubg ID,
// a pasted .mat or .sgf match (its latest play), a position JSON, or a position set up on
// the board by clicking, with dice; the server answers the ranked plays, or without dice
// the cube decision.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { BAR, boardSVG } from "./board.js";
import { playWords, variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";
import { errorText } from "./refusals.js";
import { arrowsSVG, equity } from "./review_parts.js";
import { VARIANTS, facts, startPosition, variantOr } from "./variants.js";

const PIPS = [1, 2, 3, 4, 5, 6];
const BARE_POSITION_ID = /^[A-Za-z0-9+/]{14}$/;

function emptyPosition(variant) {
  return { variant, board: new Array(24).fill(0), bar: [0, 0], off: [15, 15], reserve: [0, 0] };
}

/** Checkers not on the board or the bar are borne off, or (Dutch, when asked) in reserve. */
function settle(position, reserve) {
  const mine = position.board.reduce((s, n) => s + Math.max(n, 0), 0) + position.bar[0];
  const theirs = position.board.reduce((s, n) => s + Math.max(-n, 0), 0) + position.bar[1];
  const left = [15 - mine, 15 - theirs];
  position.off = reserve ? [0, 0] : left;
  position.reserve = reserve ? left : [0, 0];
  return left[0] >= 0 && left[1] >= 0;
}

const CHANCES = ["analyse.win", "analyse.gammon", "analyse.backgammon", "analyse.lose_gammon", "analyse.lose_backgammon"];

/** The five cubeless chances after a play, each named: "Win 51.6% · Gammon 14.4% · …". */
function chanceLine(chances) {
  if (!chances) return null;
  return h("span", { class: "chance-line" }, ...CHANCES.flatMap((key, c) => [
    c ? " · " : "",
    h("span", { class: "chance", "data-chance": String(c) }, `${t(key)} ${(100 * chances[c]).toFixed(1)}%`)]));
}

export function analyseView(root) {
  let variant = variantOr(null);
  let position = startPosition(variant);
  let mode = "mine";
  let reserve = false;
  let text = "";
  let dice = [3, 1];
  let ply = 1;
  let matchTo = 0;
  let score = [0, 0];
  let answer = null;
  let shown = 0;
  let busy = false;
  let games = 144;
  let rolled = null; // the last rollout's answer
  let rolling = false;
  const page = h("div", { class: "analyse" });
  clear(root).append(page);

  function syncText() {
    text = JSON.stringify({ variant, board: position.board, bar: position.bar, off: position.off, reserve: position.reserve });
  }

  function click(place) {
    const next = JSON.parse(JSON.stringify(position));
    if (place === BAR) {
      if (!facts(variant).bar) return;
      const side = mode === "theirs" ? 1 : 0;
      next.bar[side] = mode === "remove" ? Math.max(next.bar[side] - 1, 0) : next.bar[side] + 1;
    } else if (typeof place === "number" && place >= 1 && place <= 24) {
      const n = next.board[place - 1];
      if (mode === "remove") next.board[place - 1] = n > 0 ? n - 1 : n < 0 ? n + 1 : 0;
      else if (mode === "mine") next.board[place - 1] = n + 1;
      else next.board[place - 1] = n - 1;
    } else {
      return;
    }
    if (!settle(next, reserve)) {
      toast(t("analyse.too_many"));
      return;
    }
    position = next;
    answer = null;
    syncText();
    render();
  }

  function query() {
    const body = { dice: dice[0] ? dice : null, ply, match_to: matchTo, score };
    const raw = text.trim();
    if (raw.startsWith("{")) {
      try {
        body.position = JSON.parse(raw);
      } catch {
        toast(t("analyse.bad_json"));
        return null;
      }
    } else if (raw) {
      // an XGID, a gnubg ID or a pasted .mat or .sgf match: the server reads it, and its
      // dice, cube and score count; a Position ID alone takes the dice chosen here
      body.text = raw;
      if (!BARE_POSITION_ID.test(raw)) delete body.dice;
    } else {
      body.position = { variant, board: position.board, bar: position.bar, off: position.off, reserve: position.reserve };
    }
    if (body.dice === null) delete body.dice;
    return body;
  }

  async function rollout() {
    const body = query();
    if (!body) return;
    rolling = true;
    rolled = null;
    render();
    try {
      rolled = await api("/api/rollout", { ...body, games });
    } catch (error) {
      toast(errorText(error));
    }
    rolling = false;
    render();
  }

  async function analyse() {
    const body = query();
    if (!body) return;
    busy = true;
    render();
    try {
      answer = await api("/api/analyse", body);
      shown = 0;
      const p = answer.position;
      variant = p.variant;
      position = { variant: p.variant, board: p.board, bar: p.bar, off: p.off, reserve: p.reserve };
    } catch (error) {
      answer = null;
      toast(errorText(error));
    }
    busy = false;
    render();
  }

  function boardView() {
    const model = {
      variant,
      position,
      colours: ["light", "dark"],
      mirror: prefs().orientation === "left",
      numbers: prefs().numbers,
      dice: dice[0] ? { owner: "me", values: dice, used: [false, false] } : null,
      label: t("board.label", { variant: variantName(variant) }),
    };
    let svg = boardSVG(model);
    const play = answer && answer.plays && answer.plays[shown];
    if (play) svg = svg.replace(/<\/svg>$/, `${arrowsSVG(model, play.steps, 0, "best")}</svg>`);
    const board = h("div", { class: "board editing", id: "analyse-board", "aria-label": t("analyse.board") });
    board.innerHTML = svg;
    board.addEventListener("click", (e) => {
      const target = e.target.closest("[data-place]");
      if (!target) return;
      const value = target.dataset.place;
      click(/^\d+$/.test(value) ? Number(value) : value);
    });
    return board;
  }

  function results() {
    if (!answer) return null;
    if (answer.cube) {
      const c = answer.cube;
      return h("div", { class: "card", id: "analyse-result" },
        h("h2", {}, t("analyse.cube", { advice: t(`hint.say_${c.action.replace(" ", "_")}`) })),
        h("table", { class: "cube-values" }, h("tbody", {},
          h("tr", {}, h("th", { scope: "row" }, t("review.no_double")), h("td", { class: "num" }, equity(c.no_double))),
          h("tr", {}, h("th", { scope: "row" }, t("review.double_take")), h("td", { class: "num" }, equity(c.double_take))),
          h("tr", {}, h("th", { scope: "row" }, t("review.double_pass")), h("td", { class: "num" }, equity(c.double_pass))))),
        h("p", { class: "small muted" }, t(c.take ? "hint.they_take" : "hint.they_drop")));
    }
    if (!answer.plays.length) return h("div", { class: "card", id: "analyse-result" }, h("p", {}, t("analyse.no_play")));
    const depths = [...new Set(answer.plays.map((p) => p.ply))].sort((a, b) => b - a);
    return h("div", { class: "card", id: "analyse-result" },
      h("h2", {}, t("analyse.plays", { n: answer.count, ply: answer.ply })),
      ...depths.map((ply, k) => depthGroup(ply, k === 0, depths.length > 1)),
      h("p", { class: "small muted" }, t("hint.unit")),
      h("p", { class: "small muted" }, t("analyse.chances_note")));
  }

  /** The plays looked at ``ply`` deep, ranked among themselves only: a play looked at less
   * deeply has an equity of another precision, so it is listed apart, never in between. */
  function depthGroup(ply, deepest, several) {
    const plays = answer.plays.map((p, i) => [p, i]).filter(([p]) => p.ply === ply);
    const best = plays[0][0];
    const heads = ["#", t("review.candidates"), t("review.equity"), t("review.difference")];
    const pick = (i) => { shown = i; render(); };
    // each play's row, then a line of its chances under it (a table of nine columns
    // would not fit beside the board, nor on a phone)
    const rows = plays.flatMap(([p, i], rank) => [
      h("tr", {
        class: i === shown ? "shown" : "", "data-play": String(i), "data-rank": String(rank + 1), tabindex: "0",
        onclick: () => pick(i),
        onkeydown: (e) => { if (e.key === "Enter") pick(i); },
      }, h("td", {}, String(rank + 1)), h("td", {}, playWords(p.play)), h("td", { class: "num" }, equity(p.equity)),
      h("td", { class: "num" }, rank === 0 ? "" : equity(p.equity - best.equity))),
      h("tr", { class: `chances-row${i === shown ? " shown" : ""}`, "data-chances-of": String(i), onclick: () => pick(i) },
        h("td", {}), h("td", { colspan: "3" }, chanceLine(p.chances))),
    ]);
    return h("section", { class: "depth-group", "data-ply": String(ply) },
      h("h3", {}, t(deepest ? "analyse.ranked_at" : "analyse.shallower_at", { n: ply, count: plays.length })),
      several && deepest ? h("p", { class: "small muted" }, t("analyse.depths_apart")) : null,
      h("table", { class: "candidates" },
        h("thead", {}, h("tr", {}, ...heads.map((label) => h("th", { scope: "col" }, label)))),
        h("tbody", {}, ...rows)));
  }

  function select(id, options, value, onchange) {
    return h("select", { id, onchange: (e) => onchange(e.target.value) },
      ...options.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label)));
  }

  function render() {
    const dieOptions = [[0, t("analyse.no_dice")], ...PIPS.map((p) => [p, String(p)])];
    clear(page).append(
      h("h1", {}, t("analyse.title")),
      h("p", { class: "muted" }, t("analyse.intro")),
      h("div", { class: "review-layout" },
        h("div", { class: "col" },
          h("div", { class: "board-frame" }, boardView()),
          h("fieldset", { class: "row setup" },
            h("legend", {}, t("analyse.setup")),
            ...["mine", "theirs", "remove"].map((m) => h("label", {},
              h("input", { type: "radio", name: "setup-mode", value: m, checked: mode === m, onchange: () => { mode = m; } }), " ", t(`analyse.mode_${m}`))),
            facts(variant).reserve ? h("label", {}, h("input", { type: "checkbox", checked: reserve, onchange: (e) => { reserve = e.target.checked; settle(position, reserve); syncText(); render(); } }), " ", t("analyse.reserve")) : null,
            h("button", { type: "button", onclick: () => { position = startPosition(variant); answer = null; syncText(); render(); } }, t("analyse.start")),
            h("button", { type: "button", onclick: () => { position = emptyPosition(variant); answer = null; syncText(); render(); } }, t("analyse.clear")))),
        h("div", { class: "col card" },
          h("label", { for: "analyse-variant" }, t("analyse.variant")),
          select("analyse-variant", VARIANTS.map((v) => [v, variantName(v)]), variant, (v) => {
            variant = v;
            position = startPosition(v);
            answer = null;
            syncText();
            render();
          }),
          h("label", { for: "analyse-text" }, t("analyse.text")),
          h("textarea", { id: "analyse-text", rows: "4", placeholder: "XGID=…", spellcheck: "false", oninput: (e) => { text = e.target.value; } }, text),
          h("div", { class: "row" },
            h("label", { for: "analyse-die-1" }, t("analyse.dice")),
            select("analyse-die-1", dieOptions, dice[0], (v) => { dice = Number(v) ? [Number(v), dice[1] || 1] : [0, 0]; render(); }),
            select("analyse-die-2", dieOptions.slice(1), dice[1] || 1, (v) => { dice = [dice[0] || 1, Number(v)]; render(); })),
          h("div", { class: "row" },
            h("label", { for: "analyse-ply" }, t("analyse.ply")),
            select("analyse-ply", [0, 1, 2].map((n) => [n, t("review.ply", { n })]), ply, (v) => { ply = Number(v); })),
          h("div", { class: "row" },
            h("label", { for: "analyse-match" }, t("analyse.match_to")),
            select("analyse-match", [[0, t("summary.money")], ...[3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 25].map((n) => [n, t("summary.match_to", { n })])], matchTo, (v) => { matchTo = Number(v); score = [0, 0]; render(); }),
            matchTo ? h("label", {}, t("analyse.score"), " ",
              h("input", { type: "number", id: "analyse-score-0", min: "0", max: String(matchTo - 1), value: String(score[0]), onchange: (e) => { score = [Number(e.target.value), score[1]]; } }), " – ",
              h("input", { type: "number", id: "analyse-score-1", min: "0", max: String(matchTo - 1), value: String(score[1]), onchange: (e) => { score = [score[0], Number(e.target.value)]; } })) : null),
          h("button", { type: "button", class: "primary", id: "analyse-go", onclick: analyse, disabled: busy }, busy ? t("hint.thinking") : t("analyse.go")),
          results(),
          h("div", { class: "row" },
            h("label", { for: "analyse-games" }, t("analyse.rollout_games")),
            select("analyse-games", [36, 72, 144, 216, 324].map((n) => [n, String(n)]), games, (v) => { games = Number(v); }),
            h("button", { type: "button", id: "analyse-rollout", onclick: rollout, disabled: rolling }, rolling ? t("analyse.rolling") : t("analyse.rollout"))),
          rolled ? h("div", { class: "card", id: "rollout-result" },
            h("p", {}, t("analyse.rollout_result", { games: rolled.games, equity: equity(rolled.equity), error: rolled.equity_error.toFixed(3) })),
            h("p", { class: "small" }, t("analyse.rollout_chances", {
              win: (100 * rolled.chances[0]).toFixed(1), win_error: (100 * rolled.errors[0]).toFixed(1),
              gammon: (100 * rolled.chances[1]).toFixed(1), lose_gammon: (100 * rolled.chances[3]).toFixed(1),
            }))) : null)),
    );
  }

  syncText();
  render();
  return { rerender: render, close() {} };
}
