// The parts of the table around the board: the players' bars, the buttons, the
// end-of-game box, the invitation, the chat and the links. Each is drawn from the state
// alone; ``addTableControl`` lets another page part add a button to the row.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "../api.js";
import { dieSVG } from "../board.js";
import { colourOf, formatClock, seatNames } from "../common.js";
import { h, toast } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "../refusals.js";
import { rulesLink } from "../rules_link.js";
import { timeLeft } from "../turns.js";
import { facts } from "../variants.js";
import { actorSeat, cannotMove, rollsItself } from "./model.js";
import { firstTurn, resultText, statusText } from "./status.js";

const extraControls = [];

/** Add a button (or any element) to the table's row of buttons: ``make(state, send)``
 * returns an element or null, and is asked again after every state. */
export function addTableControl(make) {
  extraControls.push(make);
}

function dieIcon(value, colour) {
  const span = h("span", { class: "opening-die", title: t("table.opening_die", { n: value }) });
  span.innerHTML = dieSVG(value, colour);
  return span;
}

/** One player's bar above or below the board. ``spent`` is the time since the state
 * arrived (for a running clock); ``presence`` the player's presence tag, if shown. */
export function playerBar(state, seat, spent, presence = null) {
  const name = seatNames(state.seats, state.computers)[seat] || t("table.empty_seat");
  const colour = colourOf(state, seat);
  const mine = seat === state.perspective ? 0 : 1;
  const toMove = state.status === "playing" && actorSeat(state) === seat;
  const clock = state.clock;
  let clockText = null;
  if (clock) {
    const running = clock.actor === seat && state.status === "playing";
    const left = running ? clock.move + clock.reserve[seat] - spent : clock.reserve[seat];
    // by correspondence: days and hours to the stored deadline (docs/PROTOCOL.md, "Correspondence")
    const text = !clock.correspondence ? formatClock(left)
      : timeLeft(running && clock.deadline ? clock.deadline - Date.now() / 1000 : left);
    clockText = h("span", { class: `clock${running ? " running" : ""}`, title: t("table.clock") }, text);
  }
  const opening = state.opening && firstTurn(state) ? dieIcon(state.opening[seat], colour) : null;
  return [
    h("span", { class: `chip ${colour}`, "aria-hidden": "true" }),
    h("span", { class: "who" },
      h("span", { class: "name", title: name }, name),
      state.bots && state.bots[seat] ? h("span", { class: "tag bot", title: t("bot.account") }, t("bot.mark")) : null,
      seat === state.you ? h("span", { class: "tag you" }, t("table.you")) : null),
    presence,
    opening,
    toMove ? h("span", { class: "tag turn" }, t("table.to_move")) : null,
    h("span", { class: "spacer" }),
    h("span", { class: "pips", title: t("table.pips") }, h("span", { class: "pips-word" }, t("table.pips_word")), " ", String(state.pips[mine])),
    h("span", { class: "score", title: t("table.score") }, t("table.points", { n: state.score[seat] })),
    clockText,
  ].filter(Boolean);
}

function button(action, label, onclick, cls = "", disabled = false) {
  return h("button", { type: "button", class: cls, "data-action": action, disabled, onclick }, label);
}

/** The row of buttons: what the viewer may do now. ``ui`` holds ``resignOpen`` and
 * ``onCommand`` (called before a command that ends the step picking). */
export function controls(state, legal, send, ui) {
  const l = legal;
  const row = [];
  const chouette = state.kind === "chouette";
  // S5: with automatic rolls on and no double possible the server rolls; no button
  // flashes up in the moment before it hears of the setting
  if (l.roll && !rollsItself(state, l)) row.push(button("roll", t("action.roll"), () => send({ type: "roll" }), "primary"));
  if (l.double) {
    const team = chouette && state.roles && state.you !== state.roles.box;
    row.push(button("double", team ? t("chouette.propose_double") : t("action.double"), () => send({ type: "double" })));
  }
  if (l.agree) {
    row.push(button("agree", t("chouette.agree"), () => send({ type: "agree" }), "primary"));
    row.push(button("refuse", t("chouette.refuse"), () => send({ type: "refuse" })));
  }
  if (l.steps) {
    row.push(button("undo", t("action.undo"), () => { ui.onCommand(); send({ type: "undo" }); }, "", !l.undo));
    row.push(confirmButton(state, l, send, ui));
  }
  if (l.take) {
    row.push(button("take", t("action.take"), () => send({ type: "take" }), "primary"));
    row.push(button("drop", t("action.drop"), () => send({ type: "drop" })));
  }
  if (l.accept) {
    row.push(button("accept", t("action.accept"), () => send({ type: "accept" }), "primary"));
    row.push(button("decline", t("action.decline"), () => send({ type: "decline" })));
  }
  for (const make of extraControls) {
    const extra = make(state, send);
    if (extra) row.push(extra);
  }
  if (l.resign && l.resign.length) {
    if (!ui.resignOpen) {
      row.push(button("resign", t("action.resign"), () => ui.openResign(true), "danger-ghost"));
    } else {
      // Where a resignation is immediate (LN9) there is one level and no offer; at a
      // chouette it is immediate at any level (CH8).
      const immediate = !facts(state.variant).resignOffer;
      const levels = immediate && !chouette ? [l.resign[0]] : l.resign;
      const group = h("div", { class: "resign-group", role: "group", "aria-label": t("action.resign") });
      for (const level of levels) {
        const what = t(`resign.level${level}`);
        const label = chouette ? t("chouette.resign_level", { what }) : immediate ? t("resign.now") : t("resign.offer", { what });
        group.append(button(`resign-${level}`, label, () => { ui.openResign(false); send({ type: "resign", level }); }, "danger"));
      }
      group.append(button("resign-cancel", t("action.cancel"), () => ui.openResign(false)));
      row.push(group);
    }
  }
  return row;
}

/** Confirm (or Pass, when the roll cannot be played): once sent it is disabled and says
 * "sent" until the next state, so a second click never reaches the server. ``ui.sent``
 * holds the version it was sent at (the table forgets it when the connection is lost or
 * the server refuses). Without a connection a click sends nothing and changes nothing. */
function confirmButton(state, l, send, ui) {
  const sent = ui.sent === state.n;
  const label = sent ? t("action.sent") : cannotMove(state, l) ? t("action.pass") : t("action.confirm");
  return button("confirm", label, (event) => {
    const clicked = event.currentTarget;
    if (ui.sent === state.n || !send({ type: "confirm" })) return;
    ui.sent = state.n;
    clicked.disabled = true;
    clicked.textContent = t("action.sent");
    ui.onCommand();
  }, "primary", sent || !l.confirm);
}

/** What a finished match offers: a rematch, its review and replay, a new game. */
export function endActions(state, tableId, send) {
  const seated = state.you !== null && state.you !== undefined;
  return [
    seated ? h("button", { type: "button", class: "button primary", "data-action": "rematch", onclick: () => send({ type: "rematch" }) },
      state.rematch ? t("table.go_to_rematch") : t("table.rematch")) : null,
    h("a", { href: `#/review/${tableId}`, class: "button", "data-review": "1" }, t("table.review")),
    h("a", { href: `#/replay/${tableId}`, class: "button" }, t("table.replay")),
    h("a", { href: "#/", class: "button" }, t("table.new_game")),
  ].filter(Boolean);
}

/** Whether the match is over with a result to show. */
export function finished(state) {
  return state.kind !== "chouette" && state.status === "over" && !!state.result;
}

/** The final score with the names, the viewer's side first: "Ala 0 – 3 Computer (expert)". */
export function scoreLine(state, nameOf) {
  const first = state.perspective === 1 ? 1 : 0;
  const [a, b] = [first, 1 - first];
  return t("table.match_score", { a: nameOf(a), x: state.score[a], y: state.score[b], b: nameOf(b) });
}

/** The end-of-match box over the board; ``hide`` puts it away to see the board (its
 * buttons then stand in the row of buttons). */
export function resultBox(state, tableId, nameOf, send, hide) {
  return h("div", { class: "result-card", role: "status", "data-result": "1" },
    h("div", { class: "result-head" },
      h("strong", { class: "result-title" }, statusText(state, nameOf)),
      h("button", { type: "button", class: "close", "data-action": "see-board", "aria-label": t("table.see_board"), title: t("table.see_board"), onclick: hide }, "×")),
    h("span", {}, resultText(state.result, nameOf)),
    h("span", { class: "final-score" }, scoreLine(state, nameOf)),
    h("span", { class: "row" }, ...endActions(state, tableId, send)));
}

/** Between games of a match: how the last one ended, and the score now. */
export function betweenGames(state, nameOf) {
  const previous = state.last_result;
  if (state.kind === "chouette" || state.status === "over" || !previous || previous.game !== state.game - 1) return null;
  return h("span", { class: "between", "data-last-result": String(previous.game) },
    h("strong", {}, t("table.game_over_n", { n: previous.game })), " ",
    resultText(previous, nameOf), " ",
    t("table.score_now", { a: nameOf(0), b: nameOf(1), x: state.score[0], y: state.score[1] }));
}

/** While a table waits for its second player: the invitation link of a private one, and
 * for its creator the button that withdraws it. */
export function inviteCard(state, tableId) {
  const invite = sessionStorage.getItem(`nardy.invite.${tableId}`);
  if (state.status !== "open" || state.kind === "chouette") return null;
  const box = h("section", { class: "card invite" }, h("p", {}, t("table.waiting_opponent")));
  if (state.you !== null && state.you !== undefined) {
    const withdraw = async () => {
      try { await api(`/api/tables/${tableId}/withdraw`, {}); } catch (error) { toast(errorText(error)); }
    };
    box.append(button("withdraw", t("table.withdraw"), withdraw));
  }
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
  return box;
}

/** The chat: messages and, for a signed-in viewer, the field to write one. ``draft``
 * keeps what was typed across redraws. */
export function chatCard(state, send, draft) {
  const box = h("section", { class: "chat card", "aria-labelledby": "chat-title" }, h("h2", { id: "chat-title" }, t("chat.title")));
  const list = h("ol", { class: "chat-list", "aria-live": "polite" });
  for (const m of state.chat || []) list.append(h("li", {}, h("strong", {}, `${m.from}: `), m.text));
  if (!(state.chat || []).length) list.append(h("li", { class: "muted" }, t("chat.empty")));
  box.append(list);
  if (state.you !== null && state.you !== undefined) {
    const field = h("input", { type: "text", maxlength: "500", id: "chat-input", value: draft.text, "aria-label": t("chat.message"), placeholder: t("chat.placeholder"), oninput: (e) => { draft.text = e.target.value; } });
    box.append(h("form", { class: "chat-form", onsubmit: (e) => {
      e.preventDefault();
      const text = field.value.trim();
      if (text) send({ type: "chat", text });
      field.value = "";
      draft.text = "";
    } }, field, h("button", { type: "submit" }, t("chat.send"))));
  }
  return { box, list };
}

/** Links to the rules, the record, the replay and the dice. */
export function linksOf(state, tableId) {
  const rules = rulesLink(state.variant, state.kind === "chouette", { id: "table-rules" });
  if (state.kind === "chouette") return [rules, h("a", { href: `#/dice/${tableId}` }, t("table.verify_dice"))];
  const links = [
    rules,
    h("a", { href: `#/replay/${tableId}` }, t("table.replay")),
    h("a", { href: `#/dice/${tableId}` }, t("table.verify_dice")),
    h("a", { href: `/api/tables/${tableId}/record`, download: `${tableId}.json` }, t("table.download_record")),
  ];
  if (facts(state.variant).mat) links.push(h("a", { href: `/api/tables/${tableId}/record.mat` }, t("table.download_mat")));
  return links;
}
