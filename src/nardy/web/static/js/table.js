// The table: the board, the controls, the move list and the chat, talking to /ws/tables/{id}.
// The client knows no rules: it offers exactly the steps in ``legal.steps`` of the state
// the server sent, and sends them back one at a time. A chouette table (state.kind
// "chouette") shares the board and the steps; its roles, ledger and cube decisions are
// drawn by chouette.js. The parts live in table/: the socket, the input on the board,
// the moves of the others (news, marks, animation), the board model and the panels.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { boardSVG } from "./board.js";
import { BOX, leaveControl, rosterCard, settlementCard, sideBar } from "./chouette.js";
import { colourOf, seatNames, settingsSummary, variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { createHints } from "./hints.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";
import { refusalText } from "./refusals.js";
import { play } from "./sound.js";
import { boardInput } from "./table/input.js";
import { asksViewer, boardModel, mirrored } from "./table/model.js";
import { moveListCard } from "./table/movelist.js";
import { animateSteps, sideOf, unseenSteps } from "./table/moves.js";
import { addTableControl, betweenGames, chatCard, controls, endActions, finished, inviteCard, linksOf, playerBar, resultBox } from "./table/panels.js";
import { presenceKeeper, presenceTag } from "./table/presence.js";
import { tableSocket } from "./table/socket.js";
import { currentNews, ended, firstTurn, newsBetween, statusText } from "./table/status.js";

export { addTableControl } from "./table/panels.js";

addTableControl(leaveControl); // a chouette's Leave (nothing at a match)

export function tableView(root, tableId) {
  let state = null;
  let received = 0; // when the state arrived (for the clock)
  let animating = false;
  let waiting = null; // the newest state that arrived during an animation
  let news = [];
  let clockTimer = null;
  let presenceTimer = null;
  const presence = presenceKeeper();
  let lastSettled = null;
  const draft = { text: "" };
  // The board's input, made with the board (a stand-in until the first state).
  let input = { revalidate() {}, clear() {}, sources: () => new Set(), targets: () => new Set(), sel: { selected: null, focus: null } };
  const ui = { resultHidden: false, resignOpen: false, sent: null, openResign: (open) => { ui.resignOpen = open; renderControls(); }, onCommand: () => input.clear() };

  const el = {};
  const page = h("div", { class: "table-page" });
  const banner = h("p", { class: "offline", role: "status", hidden: "" }, t("table.reconnecting"));
  clear(root).append(banner, page);

  const socket = tableSocket(tableId, {
    state: onState,
    presence: onPresence,
    rematch: (id) => { location.hash = `#/table/${id}`; },
    // before the first state, a refusal is the whole page (refused below), not a toast
    error: (doc) => state && (unsend(), toast(refusalText(doc))),
    offline: (lost) => { banner.hidden = !lost; if (lost) unsend(); },
    refused,
  });
  const send = (doc) => socket.send(doc);

  /** A confirm refused or lost with the connection may be sent again. */
  function unsend() {
    if (ui.sent === undefined || ui.sent === null) return;
    ui.sent = null;
    if (el.controls) renderControls();
  }

  /** A link to a table that does not exist (or may not be seen) ends in words, not in
   * "connecting" for ever. */
  function refused({ missing, message }) {
    if (state) return toast(t("error.server", { message }));
    clear(page).append(h("section", { class: "card table-refused", id: "table-refused", role: "alert" },
      h("h1", {}, missing ? t("table.not_found") : t("table.refused")),
      h("p", {}, missing ? t("table.not_found_explain") : t("error.server", { message })),
      h("a", { href: "#/", class: "button primary" }, t("table.back_to_lobby"))));
  }

  // -- states

  const chouette = () => !!state && state.kind === "chouette";
  const legal = () => (animating || !state ? {} : state.legal || {});

  function onState(next) {
    received = performance.now();
    if (animating) {
      waiting = next;
      return;
    }
    const before = state;
    state = next;
    if (!el.board) build();
    input.revalidate();
    syncAuto();
    const fresh = before ? newsBetween(before, next, newsName) : currentNews(next, newsName);
    // The newest news wins; the roll-off is news only until a play (its dice stay
    // beside the names for the first plays).
    if (fresh.length) news = fresh;
    else if (before && before.game !== next.game) news = [];
    if (!firstTurn(next) || news.some((item) => item.kind === "play")) news = news.filter((item) => item.kind !== "opening");
    sounds(before, next);
    const unseen = unseenSteps(before, next);
    if (unseen && prefs().animate) {
      animating = true;
      renderChrome();
      const mover = sideOf(next, unseen.mover);
      const colour = colourOf(next, mover === "me" ? next.perspective : 1 - next.perspective);
      const modelOf = (position) => boardModel(next, prefs(), null, position);
      animateSteps(el.board, modelOf, unseen.start, unseen.places, mover, colour, next.variant, (hit) => play(hit ? "hit" : "move"))
        // a failed animation must not hold the table: the state is drawn all the same
        .catch((error) => console.error("animation", error))
        .then(() => {
          animating = false;
          const later = waiting;
          waiting = null;
          if (later) onState(later);
          else render();
        });
      return;
    }
    if (unseen) play("move");
    render();
  }

  /** Who is there changed: the bars again, counting down while somebody is away. */
  function onPresence(doc) {
    presence.set(doc);
    clearInterval(presenceTimer);
    if (presence.counting()) {
      presenceTimer = setInterval(() => (document.body.contains(page) && state && el.board ? renderBars() : clearInterval(presenceTimer)), 1000);
    }
    if (state && el.board) renderBars();
  }

  function sounds(before, next) {
    if (!before) return;
    const rolled = next.dice && next.phase === "moving" && !(before.phase === "moving" && JSON.stringify(before.dice) === JSON.stringify(next.dice));
    if (rolled) play("dice");
    // your turn again: after a wait, or straight after the other's play (the computer
    // answers within the same state)
    const answered = next.last_play && JSON.stringify(next.last_play) !== JSON.stringify(before.last_play) && next.last_play.player !== next.perspective;
    if (asksViewer(next) && (!asksViewer(before) || answered)) play("turn");
    const mine = next.phase === "moving" && next.turn === next.perspective && (next.steps || []).length > (before.steps || []).length;
    if (mine && before.phase === "moving") play("move");
  }

  function syncAuto() {
    if (state.you === null || state.you === undefined || ended(state) || chouette()) return;
    const p = prefs();
    const auto = state.auto || {};
    if (!!auto.roll !== p.auto_roll || !!auto.moves !== p.auto_moves) {
      send({ type: "auto", roll: p.auto_roll, moves: p.auto_moves });
      state.auto = { roll: p.auto_roll, moves: p.auto_moves };
    }
  }

  // -- names

  function nameOf(seat) {
    return seatNames(state.seats, state.computers)[seat] || t("table.empty_seat");
  }

  /** Names in the news: a seat, or at a chouette a side (the box, or the captain). */
  function newsName(who) {
    if (!chouette()) return nameOf(who);
    const roles = state.roles || {};
    return nameOf(who === BOX ? roles.box : roles.captain);
  }

  // -- the page

  function build() {
    clear(page);
    el.title = h("h1", { class: "table-title" });
    el.summary = h("span", { class: "muted table-summary" });
    el.them = h("div", { class: "player them" });
    el.me = h("div", { class: "player me" });
    el.board = h("div", { class: "board", id: "board", tabindex: "0", role: "application", "aria-roledescription": t("board.role") });
    el.overlay = h("div", { class: "board-overlay", id: "result" });
    el.live = h("div", { class: "sr-only", "aria-live": "polite", id: "board-live" });
    el.status = h("p", { class: "status", id: "status", "aria-live": "polite" });
    el.controls = h("div", { class: "controls", id: "controls" });
    el.news = h("p", { class: "news", id: "news", "aria-live": "polite" });
    el.side = h("aside", { class: "table-side" });
    el.hints = createHints(tableId, send);
    el.settlement = h("div", { class: "settlement-box" });
    const main = h("section", { class: "table-main", "aria-labelledby": "table-title" },
      h("div", { class: "table-head" }, el.title, el.summary),
      el.them,
      h("div", { class: "board-frame" }, el.board, el.overlay),
      el.me,
      h("div", { class: "action-bar" }, el.status, el.controls),
      el.news,
      el.settlement,
      el.live);
    el.title.id = "table-title";
    page.append(main, el.side);
    input = boardInput(el.board, el.live, {
      steps: () => legal().steps || [],
      remaining: () => legal().remaining || [],
      model: () => boardModel(state, prefs(), selection()),
      colour: () => colourOf(state, state.perspective),
      step: (from, to) => send({ type: "step", from, to }),
      redraw: renderBoard,
    });
  }

  function selection() {
    return { sources: input.sel.selected === null ? input.sources() : new Set([input.sel.selected]), targets: input.targets(), selected: input.sel.selected, focus: input.sel.focus };
  }

  function render() {
    if (!state) {
      clear(page).append(h("p", { class: "muted" }, t("table.connecting")));
      return;
    }
    if (!el.board) build();
    renderChrome();
    renderBoard();
    el.hints.update(state); // a chouette gives hints too, where only computers sit with you
  }

  function renderBars() {
    const seat = state.perspective;
    const spent = (performance.now() - received) / 1000;
    const bar = (side) => (chouette() ? sideBar(state, side, nameOf) : playerBar(state, side, spent, presenceTag(state, side, presence.seat(side))));
    clear(el.them).append(...bar(1 - seat));
    clear(el.me).append(...bar(seat));
    // the bar of the side the table waits for stands out (its "to play" tag may be hidden)
    for (const one of [el.them, el.me]) one.classList.toggle("acting", !!one.querySelector(".tag.turn"));
  }

  function renderControls() {
    const over = finished(state) && ui.resultHidden;
    clear(el.controls).append(...(over ? endActions(state, tableId, send) : controls(state, legal(), send, ui)));
  }

  function renderChrome() {
    el.title.textContent = chouette() ? t("chouette.title", { variant: variantName(state.variant) }) : variantName(state.variant);
    const bits = [settingsSummary(state.variant, state.settings), t("table.game_no", { n: state.game })];
    if (state.crawford) bits.push(t("table.crawford"));
    el.summary.textContent = bits.join(" · ");
    renderBars();
    el.status.textContent = statusText(state, nameOf);
    renderControls();
    const hide = () => { ui.resultHidden = true; renderChrome(); };
    const box = finished(state) && !ui.resultHidden ? resultBox(state, tableId, nameOf, send, hide) : null;
    clear(el.overlay).append(...(box ? [box] : []));
    el.overlay.classList.toggle("shown", !!box);
    const between = betweenGames(state, nameOf);
    clear(el.news).append(...(between ? [between] : []), ...news.map((n) => h("span", { class: `news-item ${n.kind}`, "data-news": n.kind }, n.say())));
    renderSettlement();
    renderSide();
    document.title = `${asksViewer(state) ? `● ${t("title.your_turn")} · ` : ""}${variantName(state.variant)} · nardy`;
    clearInterval(clockTimer);
    if (state.clock && state.status === "playing") {
      clockTimer = setInterval(() => (document.body.contains(page) ? renderBars() : clearInterval(clockTimer)), 1000);
    }
  }

  function renderSettlement() {
    if (!chouette()) return clear(el.settlement);
    if (lastSettled !== null && lastSettled !== state.games) toast(t("chouette.settled_toast", { n: state.games }));
    lastSettled = state.games;
    const card = settlementCard(state, nameOf);
    clear(el.settlement).append(...(card ? [card] : []));
  }

  function renderSide() {
    const chat = chatCard(state, send, draft);
    const field = el.side.querySelector("#chat-input");
    const typing = field && document.activeElement === field;
    const invite = inviteCard(state, tableId);
    const moves = moveListCard(state, newsName);
    // the list follows the newest play, unless its reader scrolled back to an older one
    const shown = el.side.querySelector("#table-moves");
    const following = !shown || shown.scrollTop + shown.clientHeight >= shown.scrollHeight - 4;
    const kept = shown ? shown.scrollTop : 0;
    clear(el.side).append(
      el.hints.element,
      ...(invite ? [invite] : []),
      ...(chouette() ? [rosterCard(state, nameOf)] : []),
      moves.box,
      chat.box,
      h("div", { class: "links" }, ...linksOf(state, tableId)),
    );
    if (typing) {
      const again = el.side.querySelector("#chat-input");
      again.focus();
      again.setSelectionRange(again.value.length, again.value.length);
    }
    chat.list.scrollTop = chat.list.scrollHeight;
    moves.list.scrollTop = following ? moves.list.scrollHeight : kept;
  }

  function renderBoard() {
    if (!state || !el.board || animating) return;
    el.board.innerHTML = boardSVG(boardModel(state, prefs(), selection()));
    const d = el.board.dataset;
    d.phase = state.phase;
    d.turn = state.turn === state.you ? "you" : "them";
    d.mirror = mirrored(state, prefs()) ? "1" : "0";
    d.n = state.n;
    d.steps = String((legal().steps || []).length);
    d.selected = input.sel.selected === null ? "" : String(input.sel.selected);
    d.position = JSON.stringify(state.position);
    d.over = ended(state) ? "1" : "0";
    d.games = String(state.games ?? "");
    el.board.querySelector("svg").setAttribute("focusable", "false");
  }

  // -- life cycle

  const onPrefs = () => {
    if (!state) return;
    syncAuto();
    render();
  };
  window.addEventListener("nardy:prefs", onPrefs);
  render();

  return {
    rerender: () => {
      if (!state) return render();
      el.board = null;
      render();
    },
    close: () => {
      clearInterval(clockTimer);
      clearInterval(presenceTimer);
      window.removeEventListener("nardy:prefs", onPrefs);
      document.title = "nardy";
      socket.close();
    },
  };
}
