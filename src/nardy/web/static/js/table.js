// The table: the board, the controls and the chat, talking to /ws/tables/{id}.
// The client knows no rules: it offers exactly the steps in ``legal.steps`` of the state
// the server sent, and sends them back one at a time. A chouette table (state.kind
// "chouette") shares the board and the steps; its roles, ledger and cube decisions are
// drawn by chouette.js.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { BAR, OFF, RESERVE, applyStep, boardSVG, checker, placeCount, slotCenter } from "./board.js";
import { adaptChouette, chouetteStatus, rosterCard, settlementCard, sideBar } from "./chouette.js";
import { formatClock, notation, seatName, settingsSummary, startPosition, theirPlace, variantName } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { createHints } from "./hints.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";
import { rulesLink } from "./rules_link.js";

const debug = (window.nardyDebug = window.nardyDebug || { sent: [], states: 0 });

export function tableView(root, tableId) {
  let state = null;
  let socket = null;
  let closed = false;
  let selected = null;
  let focus = null;
  let resignOpen = false;
  let animating = false;
  let waiting = null; // a state that arrived during an animation
  let received = 0; // time the last state arrived (for the clock)
  let clockTimer = null;
  let drag = null;
  let suppressClick = false;
  let lastClick = null;
  let lastResultKey = null;
  let chatDraft = "";

  const el = {
    page: h("div", { class: "table-page" }),
    offline: h("p", { class: "offline", role: "status", hidden: "" }, t("table.reconnecting")),
  };
  clear(root).append(el.offline, el.page);

  // -- connection
  // A lost socket is opened again by itself, with exponential backoff and jitter (so a
  // server restart is not met by every client at the same instant); the state the server
  // sends on every connection is the resync. The banner says so meanwhile. A refusal
  // (a private table, a session that ended) is not retried.

  const RETRY_FIRST = 500; // ms
  const RETRY_MOST = 10000;
  const NO_RETRY = [1008, 4001];
  let retries = 0;
  let retryTimer = null;

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const opened = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    socket = opened;
    opened.addEventListener("message", (event) => {
      let doc;
      try {
        doc = JSON.parse(event.data);
      } catch {
        return;
      }
      if (doc.type === "state") {
        retries = 0;
        offline(false);
        onState(doc);
      } else if (doc.type === "rematch") location.hash = `#/table/${doc.table}`;
      else if (doc.type === "error") {
        debug.errors = (debug.errors || 0) + 1;
        toast(t("error.server", { message: doc.message }));
      }
    });
    opened.addEventListener("close", (event) => {
      if (closed || socket !== opened) return;
      if (NO_RETRY.includes(event.code)) return;
      offline(true);
      const delay = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** retries) * (0.5 + Math.random() / 2);
      retries += 1;
      debug.reconnects = (debug.reconnects || 0) + 1;
      retryTimer = setTimeout(() => !closed && connect(), delay);
    });
  }

  function offline(lost) {
    el.offline.hidden = !lost;
  }

  function onOnline() {
    if (retryTimer !== null) connect(); // the network is back: no need to wait out the backoff
  }

  function send(doc) {
    debug.sent.push(doc);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(doc));
  }

  // -- states

  function onState(next) {
    debug.states += 1;
    received = performance.now();
    if (next.kind === "chouette") adaptChouette(next);
    if (animating) {
      waiting = next;
      return;
    }
    const before = state;
    state = next;
    syncAuto();
    const steps = opponentSteps(before, next);
    if (steps && steps.length && prefs().animate) {
      animating = true;
      animate(before.position, steps.places, steps.mover).then(() => {
        animating = false;
        const later = waiting;
        waiting = null;
        if (later) onState(later);
        else render();
      });
      renderChrome();
      return;
    }
    render();
  }

  /** The steps of somebody else's play to show moving, from ``before`` to ``after``. */
  function opponentSteps(before, after) {
    if (!before || before.game !== after.game || before.variant !== after.variant) return null;
    const you = after.you;
    const variant = after.variant;
    // At a chouette the viewer's own side may be moved by somebody else (the captain).
    const acting = after.kind === "chouette" ? !!(after.legal && after.legal.steps) : after.turn === you;
    const convert = (mover, list) =>
      list.map(([a, b]) =>
        mover === after.perspective ? [a, b] : [theirPlace(a, variant), theirPlace(b, variant)],
      );
    const moverOf = (seat) => (seat === after.perspective ? "me" : "them");
    // Steps of a person playing step by step, as they happen.
    if (after.phase === "moving" && !acting && before.phase === "moving" && before.turn === after.turn) {
      const old = before.steps || [];
      const now = after.steps || [];
      if (now.length > old.length && JSON.stringify(now.slice(0, old.length)) === JSON.stringify(old)) {
        return { places: convert(after.turn, now.slice(old.length)), mover: moverOf(after.turn) };
      }
      return null;
    }
    const play = after.last_play;
    if (!play || play.player === you || JSON.stringify(play) === JSON.stringify(before.last_play)) return null;
    const already = before.phase === "moving" && before.turn === play.player ? before.steps || [] : [];
    const all = play.steps || [];
    if (JSON.stringify(all.slice(0, already.length)) !== JSON.stringify(already)) return null;
    return { places: convert(play.player, all.slice(already.length)), mover: moverOf(play.player) };
  }

  function chouette() {
    return !!state && state.kind === "chouette";
  }

  function syncAuto() {
    if (state.you === null || state.you === undefined || state.status === "over" || chouette()) return;
    const p = prefs();
    const auto = state.auto || {};
    if (!!auto.roll !== p.auto_roll || !!auto.moves !== p.auto_moves) {
      send({ type: "auto", roll: p.auto_roll, moves: p.auto_moves });
      state.auto = { roll: p.auto_roll, moves: p.auto_moves };
    }
  }

  // -- what the viewer may do

  function legal() {
    return (state && state.legal) || {};
  }

  function steps() {
    return animating ? [] : legal().steps || [];
  }

  function sources() {
    return new Set(steps().map((s) => s[0]));
  }

  function targetsOf(place) {
    return new Set(steps().filter((s) => s[0] === place).map((s) => s[1]));
  }

  function candidates() {
    const order = (a, b) => (b === 0 ? -1 : a === 0 ? 1 : b - a);
    const list = selected === null ? [...sources()] : [...targetsOf(selected)];
    return list.sort(order);
  }

  function stepTo(from, to) {
    lastClick = null;
    selected = null;
    focus = null;
    send({ type: "step", from, to });
  }

  /** A click (or Enter) on a place of the board. */
  function pick(place) {
    if (place === null || place === undefined || !steps().length) return;
    if (selected !== null && targetsOf(selected).has(place)) {
      stepTo(selected, place);
      return;
    }
    if (sources().has(place) && selected !== place) {
      selected = place;
      if (focus !== null && !targetsOf(place).has(focus)) focus = candidates()[0] ?? null;
    } else {
      selected = null;
    }
    renderBoard();
  }

  /** Double-click: play the higher remaining die from ``place`` if that is legal. */
  function quickStep(place) {
    const own = steps().filter((s) => s[0] === place);
    if (!own.length) return;
    const dice = [...new Set(legal().remaining || [])].sort((a, b) => b - a);
    for (const d of dice) {
      const found = own.find(([a, b]) => {
        const start = a >= 25 ? 25 : a;
        return b === 0 ? d >= start : start - b === d;
      });
      if (found) {
        stepTo(found[0], found[1]);
        return;
      }
    }
  }

  // -- rendering

  function mirrored() {
    const p = prefs();
    const base = p.orientation === "left";
    const flip = p.switch_sides && state && state.game % 2 === 0;
    return base !== !!flip;
  }

  /** The checker colour of a seat: in long nardy whoever moved first in this game plays
   * white (LN7, LN11); elsewhere seat 0 (at a chouette the box) is light. */
  function colourOf(seat) {
    const first = state.variant === "long-nardy" && state.starter !== null && state.starter !== undefined ? state.starter : 0;
    return seat === first ? "light" : "dark";
  }

  function boardModel(position = state.position || startPosition(state.variant), interactive = true) {
    const seat = state.perspective;
    const colours = [colourOf(seat), colourOf(1 - seat)];
    const model = {
      variant: state.variant,
      position,
      colours,
      mirror: mirrored(),
      numbers: prefs().numbers,
      label: t("board.label", { variant: variantName(state.variant) }),
    };
    const cubeOn = state.settings && state.settings.cube && state.cube;
    if (cubeOn) {
      const owner = state.cube.owner;
      model.cube = {
        show: true,
        value: state.cube.value,
        enabled: state.cube.enabled,
        owner: owner === null || owner === undefined ? null : owner === seat ? "me" : "them",
      };
    }
    model.dice = diceModel();
    if (interactive) {
      model.sources = selected === null ? sources() : new Set([selected]);
      model.targets = selected === null ? new Set() : targetsOf(selected);
      model.selected = selected;
      model.focus = focus;
    }
    return model;
  }

  function diceModel() {
    if (state.dice && state.phase === "moving") {
      const owner = state.turn === state.perspective ? "me" : "them";
      const [a, b] = state.dice;
      const values = a === b ? [a, a, a, a] : [a, b];
      let left;
      if (legal().remaining) left = [...legal().remaining];
      else {
        left = [...values];
        for (const [x, y] of state.steps || []) {
          const start = x >= 25 ? 25 : x;
          const d = y === 0 ? left.filter((v) => v >= start).sort((m, n) => m - n)[0] : start - y;
          const i = left.indexOf(d);
          if (i >= 0) left.splice(i, 1);
        }
      }
      const used = values.map(() => true);
      for (const v of left) {
        const i = values.findIndex((w, k) => w === v && used[k]);
        if (i >= 0) used[i] = false;
      }
      return { owner, values, used };
    }
    const play = state.last_play;
    if (play && play.dice && state.phase === "rolling" && state.turn === state.perspective && play.player !== state.perspective) {
      return { owner: "them", values: play.dice, used: play.dice.map(() => true) };
    }
    return null;
  }

  function render() {
    if (!state) {
      clear(el.page).append(h("p", { class: "muted" }, t("table.connecting")));
      return;
    }
    if (!el.board) build();
    renderChrome();
    renderBoard();
    if (!chouette()) el.hints.update(state);
  }

  function build() {
    clear(el.page);
    el.title = h("h1", { class: "table-title" });
    el.summary = h("p", { class: "muted table-summary" });
    el.them = h("div", { class: "player them" });
    el.me = h("div", { class: "player me" });
    el.board = h("div", {
      class: "board",
      id: "board",
      tabindex: "0",
      role: "application",
      "aria-roledescription": t("board.role"),
    });
    el.live = h("div", { class: "sr-only", "aria-live": "polite", id: "board-live" });
    el.status = h("p", { class: "status", id: "status", "aria-live": "polite" });
    el.controls = h("div", { class: "controls", id: "controls" });
    el.result = h("div", { class: "result", id: "result" });
    el.hints = createHints(tableId, send);
    el.invite = h("div", { class: "invite" });
    el.chat = h("section", { class: "chat card", "aria-labelledby": "chat-title" });
    el.links = h("div", { class: "links" });
    el.roster = h("div", { class: "roster-box" });
    const main = h(
      "div",
      { class: "table-main" },
      el.them,
      h("div", { class: "board-frame" }, el.board),
      el.me,
      el.status,
      el.controls,
      el.hints.element,
      el.result,
      el.live,
    );
    const side = h("aside", { class: "table-side" }, el.invite, el.roster, el.chat, el.links);
    el.page.append(h("div", { class: "table-head" }, el.title, el.summary), h("div", { class: "table-layout" }, main, side));
    bindBoard();
  }

  function playerBar(seat, who) {
    const name = seatName(state.seats[seat]);
    const colour = colourOf(seat);
    const mine = who === "me" ? 0 : 1;
    const toMove = state.status === "playing" && actorSeat() === seat;
    const clock = state.clock;
    let clockText = null;
    if (clock) {
      let left = clock.reserve[seat];
      if (clock.actor === seat) {
        const spent = (performance.now() - received) / 1000;
        left = clock.move + clock.reserve[seat] - spent;
      }
      clockText = h("span", { class: `clock${clock.actor === seat ? " running" : ""}`, title: t("table.clock") }, formatClock(left));
    }
    return [
      h("span", { class: `chip ${colour}`, "aria-hidden": "true" }),
      h("span", { class: "name" }, name || t("table.empty_seat")),
      seat === state.you ? h("span", { class: "tag" }, t("table.you")) : null,
      toMove ? h("span", { class: "tag turn" }, t("table.to_move")) : null,
      h("span", { class: "spacer" }),
      h("span", { class: "pips", title: t("table.pips") }, t("table.pips_short", { n: state.pips[mine] })),
      h("span", { class: "score", title: t("table.score") }, t("table.points", { n: state.score[seat] })),
      clockText,
    ].filter(Boolean);
  }

  function actorSeat() {
    switch (state.phase) {
      case "rolling":
      case "moving":
        return state.turn;
      case "doubled":
        return state.turn === null ? null : 1 - state.turn;
      case "resigning":
        return state.offer ? 1 - state.offer[0] : null;
    }
    return null;
  }

  function renderChrome() {
    if (!el.board) build();
    const seat = state.perspective;
    el.title.textContent = chouette() ? t("chouette.title", { variant: variantName(state.variant) }) : variantName(state.variant);
    const bits = [settingsSummary(state.variant, state.settings), t("table.game_no", { n: state.game })];
    if (state.crawford) bits.push(t("table.crawford"));
    el.summary.textContent = bits.join(" · ");
    if (chouette()) {
      clear(el.them).append(...sideBar(state, 1 - seat, nameOf));
      clear(el.me).append(...sideBar(state, seat, nameOf));
      clear(el.roster).append(rosterCard(state, nameOf));
    } else {
      clear(el.them).append(...playerBar(1 - seat, "them"));
      clear(el.me).append(...playerBar(seat, "me"));
    }
    el.status.textContent = statusText();
    renderControls();
    renderResult();
    renderInvite();
    renderChat();
    renderLinks();
    clearInterval(clockTimer);
    if (state.clock && state.status === "playing") {
      clockTimer = setInterval(() => {
        if (!document.body.contains(el.page)) return clearInterval(clockTimer);
        clear(el.them).append(...playerBar(1 - state.perspective, "them"));
        clear(el.me).append(...playerBar(state.perspective, "me"));
      }, 1000);
    }
  }

  function nameOf(seat) {
    return seatName(state.seats && state.seats[seat]) || t("table.empty_seat");
  }

  function statusText() {
    if (chouette()) return chouetteStatus(state, legal(), nameOf);
    const you = state.you;
    const other = you === null || you === undefined ? null : 1 - you;
    if (state.status === "open") return t("table.waiting_opponent");
    if (state.status === "over" || state.winner !== null && state.winner !== undefined) {
      if (state.winner === null || state.winner === undefined) return t("table.match_over");
      return state.winner === you ? t("table.you_won_match") : t("table.match_won_by", { name: nameOf(state.winner) });
    }
    const l = legal();
    switch (state.phase) {
      case "opening":
        return t("table.opening");
      case "rolling":
        if (state.turn === you) return l.double ? t("table.your_roll_or_double") : t("table.your_roll");
        return t("table.their_roll", { name: nameOf(state.turn) });
      case "moving":
        if (state.turn === you) {
          if (l.steps && l.steps.length) return t("table.your_move", { dice: state.dice.join("–") });
          return l.steps && !l.steps.length && !(state.steps || []).length ? t("table.no_move") : t("table.confirm_move");
        }
        return t("table.their_move", { name: nameOf(state.turn) });
      case "doubled":
        if (l.take) return t("table.double_offered", { name: nameOf(other), value: state.cube.value * 2 });
        return t("table.waiting_answer", { name: nameOf(other) });
      case "resigning":
        if (l.accept) return t("table.resign_offered", { name: nameOf(other), what: t(`resign.level${l.level}`) });
        return t("table.waiting_answer", { name: nameOf(other) });
    }
    return "";
  }

  function button(action, label, onclick, cls = "") {
    return h("button", { type: "button", class: cls, "data-action": action, onclick }, label);
  }

  function renderControls() {
    const l = animating ? {} : legal();
    const c = clear(el.controls);
    if (l.roll) c.append(button("roll", t("action.roll"), () => send({ type: "roll" }), "primary"));
    if (l.double) {
      const team = chouette() && state.roles && state.you !== state.roles.box;
      c.append(button("double", team ? t("chouette.propose_double") : t("action.double"), () => send({ type: "double" })));
    }
    if (l.agree) {
      c.append(button("agree", t("chouette.agree"), () => send({ type: "agree" }), "primary"));
      c.append(button("refuse", t("chouette.refuse"), () => send({ type: "refuse" })));
    }
    if (l.steps) {
      c.append(h("button", { type: "button", "data-action": "undo", disabled: !l.undo, onclick: () => { selected = null; send({ type: "undo" }); } }, t("action.undo")));
      c.append(h("button", { type: "button", class: "primary", "data-action": "confirm", disabled: !l.confirm, onclick: () => { selected = null; send({ type: "confirm" }); } }, t("action.confirm")));
    }
    if (l.take) {
      c.append(button("take", t("action.take"), () => send({ type: "take" }), "primary"));
      c.append(button("drop", t("action.drop"), () => send({ type: "drop" })));
    }
    if (l.accept) {
      c.append(button("accept", t("action.accept"), () => send({ type: "accept" }), "primary"));
      c.append(button("decline", t("action.decline"), () => send({ type: "decline" })));
    }
    if (l.resign && l.resign.length) {
      if (!resignOpen) {
        c.append(button("resign", t("action.resign"), () => { resignOpen = true; renderControls(); }, "danger-ghost"));
      } else {
        const group = h("div", { class: "resign-group", role: "group", "aria-label": t("action.resign") });
        const levels = state.variant === "long-nardy" ? [l.resign[0]] : l.resign;
        for (const level of levels) {
          const label = state.variant === "long-nardy" ? t("resign.now") : t("resign.offer", { what: t(`resign.level${level}`) });
          group.append(button(`resign-${level}`, label, () => { resignOpen = false; send({ type: "resign", level }); }, "danger"));
        }
        group.append(button("resign-cancel", t("action.cancel"), () => { resignOpen = false; renderControls(); }));
        c.append(group);
      }
    }
  }

  function resultText(result) {
    const kind = t(`result.${result.kind}`);
    return result.winner === null || result.winner === undefined
      ? t("result.draw_text")
      : t("result.text", { name: nameOf(result.winner), points: result.points, kind });
  }

  function renderResult() {
    const r = clear(el.result);
    if (chouette()) {
      if (lastResultKey !== null && lastResultKey !== state.games) toast(t("chouette.settled_toast", { n: state.games }));
      lastResultKey = state.games;
      const card = settlementCard(state, nameOf);
      if (card) r.append(card);
      return;
    }
    const result = state.result;
    const over = state.status === "over";
    const key = JSON.stringify([state.game, state.score]);
    const previous = state.last_result;
    const between = !over && previous && previous.game === state.game - 1;
    if (lastResultKey !== null && lastResultKey !== key && !over && !between) {
      toast(t("table.score_now", { a: nameOf(0), b: nameOf(1), x: state.score[0], y: state.score[1] }));
    }
    lastResultKey = key;
    if (between) {
      // Between games of a match: how the last one ended, and the score now.
      r.append(h("div", { class: "between", role: "status", "data-last-result": String(previous.game) },
        h("strong", {}, t("table.game_over_n", { n: previous.game })),
        h("span", {}, resultText(previous)),
        h("span", {}, t("table.score_now", { a: nameOf(0), b: nameOf(1), x: state.score[0], y: state.score[1] }))));
    }
    if (!over || !result) return;
    const text = resultText(result);
    r.append(
      h("div", { class: "banner", role: "status", "data-result": "1" },
        h("strong", {}, statusText()),
        h("span", {}, text),
        h("span", {}, t("table.final_score", { x: state.score[0], y: state.score[1] })),
        h("span", { class: "row" },
          state.you !== null && state.you !== undefined ? h("button", {
            type: "button",
            class: "button primary",
            "data-action": "rematch",
            onclick: () => send({ type: "rematch" }),
          }, state.rematch ? t("table.go_to_rematch") : t("table.rematch")) : null,
          h("a", { href: `#/review/${tableId}`, class: "button", "data-review": "1" }, t("table.review")),
          h("a", { href: `#/replay/${tableId}`, class: "button" }, t("table.replay")),
          h("a", { href: `#/dice/${tableId}`, class: "button" }, t("table.verify_dice")),
          h("a", { href: "#/", class: "button" }, t("table.new_game")))));
  }

  function renderInvite() {
    const box = clear(el.invite);
    const invite = sessionStorage.getItem(`nardy.invite.${tableId}`);
    box.classList.remove("card");
    if (state.status !== "open" || chouette()) return; // a chouette says it under the board
    box.append(h("p", {}, t("table.waiting_opponent")));
    if (invite) {
      const link = `${location.origin}/#/join/${tableId}/${invite}`;
      const input = h("input", { type: "text", readonly: true, value: link, id: "invite-link", "aria-label": t("table.invite_link") });
      box.append(
        h("label", { for: "invite-link" }, t("table.invite_link")),
        input,
        h("button", { type: "button", onclick: async () => {
          input.select();
          try { await navigator.clipboard.writeText(link); toast(t("table.copied")); } catch { /* selected for copying */ }
        } }, t("table.copy")),
      );
    }
    box.classList.add("card");
  }

  function renderChat() {
    const box = el.chat;
    const input = box.querySelector("input");
    if (input) chatDraft = input.value;
    const hadFocus = input && document.activeElement === input;
    clear(box);
    box.append(h("h2", { id: "chat-title" }, t("chat.title")));
    const list = h("ol", { class: "chat-list", "aria-live": "polite" });
    for (const m of state.chat || []) {
      list.append(h("li", {}, h("strong", {}, `${m.from}: `), m.text));
    }
    if (!(state.chat || []).length) list.append(h("li", { class: "muted" }, t("chat.empty")));
    box.append(list);
    if (state.you !== null && state.you !== undefined) {
      const field = h("input", { type: "text", maxlength: "500", id: "chat-input", value: chatDraft, "aria-label": t("chat.message"), placeholder: t("chat.placeholder") });
      const form = h("form", { class: "chat-form", onsubmit: (e) => {
        e.preventDefault();
        const text = field.value.trim();
        if (text) send({ type: "chat", text });
        field.value = "";
        chatDraft = "";
      } }, field, h("button", { type: "submit" }, t("chat.send")));
      box.append(form);
      if (hadFocus) field.focus();
    }
    list.scrollTop = list.scrollHeight;
  }

  function renderLinks() {
    const box = clear(el.links);
    box.append(rulesLink(state.variant, chouette(), { id: "table-rules" }));
    if (chouette()) {
      box.append(h("a", { href: `#/dice/${tableId}` }, t("table.verify_dice")));
      return;
    }
    box.append(
      h("a", { href: `#/replay/${tableId}` }, t("table.replay")),
      h("a", { href: `#/dice/${tableId}` }, t("table.verify_dice")),
      h("a", { href: `/api/tables/${tableId}/record`, download: `${tableId}.json` }, t("table.download_record")),
    );
    if (state.variant === "backgammon") {
      box.append(h("a", { href: `/api/tables/${tableId}/record.mat` }, t("table.download_mat")));
    }
    if (state.last_play && state.last_play.player !== state.you) {
      box.append(h("p", { class: "muted", id: "last-play" }, t("table.last_play", { name: nameOf(state.last_play.player), play: notation(state.last_play.steps) })));
    }
  }

  function renderBoard() {
    if (!state || !el.board) return;
    el.board.innerHTML = boardSVG(boardModel());
    const svg = el.board.querySelector("svg");
    el.board.dataset.phase = state.phase;
    el.board.dataset.turn = state.turn === state.you ? "you" : "them";
    el.board.dataset.mirror = mirrored() ? "1" : "0";
    el.board.dataset.n = state.n;
    el.board.dataset.steps = String(steps().length);
    el.board.dataset.selected = selected === null ? "" : String(selected);
    el.board.dataset.position = JSON.stringify(state.position);
    el.board.dataset.over = state.status === "over" ? "1" : "0";
    el.board.dataset.games = String(state.games ?? "");
    svg.setAttribute("focusable", "false");
  }

  // -- pointer and keyboard

  function placeAt(x, y) {
    const hit = document.elementsFromPoint(x, y).find((e) => e.dataset && e.dataset.place !== undefined);
    return hit ? Number(hit.dataset.place) : null;
  }

  function bindBoard() {
    const board = el.board;
    board.addEventListener("click", (event) => {
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      const target = event.target.closest("[data-place]");
      const place = target ? Number(target.dataset.place) : null;
      // The board is redrawn after each click, so the browser's dblclick (which needs
      // one element for both clicks) is replaced by timing two clicks on one place.
      const now = performance.now();
      if (place !== null && selected === place && lastClick && lastClick.place === place && now - lastClick.time < 400) {
        lastClick = null;
        quickStep(place);
        return;
      }
      lastClick = { place, time: now };
      pick(place);
    });
    board.addEventListener("pointerdown", (event) => {
      const target = event.target.closest("[data-place]");
      if (!target || event.button !== 0) return;
      const place = Number(target.dataset.place);
      if (!sources().has(place)) return;
      drag = { place, x: event.clientX, y: event.clientY, moving: false, pointer: event.pointerId };
    });
    board.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.pointer) return;
      if (!drag.moving && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      const svg = board.querySelector("svg");
      if (!drag.moving) {
        drag.moving = true;
        board.setPointerCapture(event.pointerId);
        selected = drag.place;
        renderBoard();
      }
      const point = toSvg(board.querySelector("svg"), event.clientX, event.clientY);
      const layer = board.querySelector("svg .anim");
      const colour = colourOf(state.perspective);
      layer.innerHTML = checker(colour, point.x, point.y, "", "ghost");
      svg.classList.add("dragging");
    });
    const end = (event) => {
      if (!drag || event.pointerId !== drag.pointer) return;
      const was = drag;
      drag = null;
      if (!was.moving) return;
      suppressClick = true;
      setTimeout(() => (suppressClick = false), 0);
      const place = placeAt(event.clientX, event.clientY);
      if (place !== null && targetsOf(was.place).has(place)) stepTo(was.place, place);
      else {
        selected = null;
        renderBoard();
      }
    };
    board.addEventListener("pointerup", end);
    board.addEventListener("pointercancel", (event) => {
      drag = null;
      renderBoard();
    });
    board.addEventListener("keydown", (event) => {
      const list = candidates();
      if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
        event.preventDefault();
        if (!list.length) return;
        const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
        let i = list.indexOf(focus);
        i = i < 0 ? 0 : (i + (forward ? 1 : -1) + list.length) % list.length;
        focus = list[i];
        renderBoard();
        announce(focus);
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (focus === null) return;
        const wasSelected = selected;
        pick(focus);
        if (selected !== null && selected !== wasSelected) {
          focus = candidates()[0] ?? null;
          renderBoard();
          announce(focus, true);
        }
      } else if (event.key === "Escape") {
        selected = null;
        focus = null;
        renderBoard();
      }
    });
  }

  function placeName(place) {
    if (place === BAR) return t("board.bar");
    if (place === RESERVE) return t("board.reserve");
    if (place === OFF) return t("board.off");
    return t("board.point", { n: place });
  }

  function announce(place, picked = false) {
    if (place === null || place === undefined) return;
    el.live.textContent = picked
      ? t("board.picked", { from: placeName(selected), to: placeName(place) })
      : placeName(place);
  }

  function toSvg(svg, x, y) {
    const point = svg.createSVGPoint();
    point.x = x;
    point.y = y;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }

  // -- animation of somebody else's steps

  async function animate(start, places, mover) {
    let position = JSON.parse(JSON.stringify(start));
    const idx = mover === "me" ? 0 : 1;
    const colour = colourOf(mover === "me" ? state.perspective : 1 - state.perspective);
    for (const [from, to] of places) {
      const count = Math.max(placeCount(position, from)[idx], 1);
      const model = boardModel(position, false);
      const a = slotCenter(model, from, count - 1, count);
      const lifted = JSON.parse(JSON.stringify(position));
      applyStep(lifted, from, null, mover, state.variant);
      const after = JSON.parse(JSON.stringify(position));
      applyStep(after, from, to, mover, state.variant);
      const landed = Math.max(placeCount(after, to)[idx], 1);
      const b = slotCenter(model, to, landed - 1, landed);
      el.board.innerHTML = boardSVG(boardModel(lifted, false));
      const layer = el.board.querySelector("svg .anim");
      await new Promise((resolve) => {
        const t0 = performance.now();
        const frame = (now) => {
          const k = Math.min(1, (now - t0) / 360);
          const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
          const x = a.x + (b.x - a.x) * e;
          const y = a.y + (b.y - a.y) * e - Math.sin(Math.PI * e) * 30;
          layer.innerHTML = checker(colour, x, y, "", "ghost");
          if (k < 1 && document.body.contains(el.board)) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      });
      position = after;
    }
    el.board.innerHTML = boardSVG(boardModel(position, false));
    await new Promise((resolve) => setTimeout(resolve, 120));
  }

  // -- life cycle

  const onPrefs = () => {
    if (!state) return;
    syncAuto();
    render();
  };
  window.addEventListener("nardy:prefs", onPrefs);
  window.addEventListener("online", onOnline);
  render();
  connect();

  return {
    rerender: () => {
      if (!state) return render();
      el.board = null;
      render();
    },
    close: () => {
      closed = true;
      clearInterval(clockTimer);
      clearTimeout(retryTimer);
      window.removeEventListener("nardy:prefs", onPrefs);
      window.removeEventListener("online", onOnline);
      if (socket) socket.close();
    },
  };
}
