// The chouette parts of the live table (RULES.md CH1–CH8): the box against the team, the
// roles and the order of the team, the running ledger, who must decide, the last settlement.
// The board, the steps and the chat are the match table's (table.js); this module only
// reads the state the server sends and knows no rules beyond naming what it sees.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const BOX = 0;
export const TEAM = 1;

export function decided(state) {
  return !!(state.roles && state.roles.box !== null && state.roles.box !== undefined);
}

/** The participants whose decision the table waits for (the server's own reckoning). */
export function deciders(state) {
  if (!decided(state) || state.status !== "playing") return [];
  const { box, captain, team } = state.roles;
  if (state.proposal) return team.filter((m) => !state.proposal.includes(m));
  switch (state.phase) {
    case "doubled":
      if (state.turn === BOX) {
        const answered = new Set((state.answers || []).map((a) => a[0]));
        return team.filter((m) => !answered.has(m));
      }
      return [box];
    case "rolling":
    case "moving":
      return [state.turn === BOX ? box : captain];
  }
  return [];
}

/** "box", "captain", "team" or "out" (dropped from this game). */
export function roleOf(state, who) {
  const r = state.roles;
  if (!decided(state)) return "none";
  if (r.box === who) return "box";
  if (r.captain === who) return "captain";
  if (r.team.includes(who)) return "team";
  return "out";
}

function roleLabel(state, who) {
  const role = roleOf(state, who);
  if (role === "team") return t("chouette.role_team", { n: state.roles.team.indexOf(who) + 1 });
  return t(`chouette.role_${role}`);
}

/** Participants in the order of play: the box, the captain, the team, then those out. */
export function rosterOrder(state) {
  const everyone = state.seats.map((_, i) => i);
  if (!decided(state)) return everyone;
  const { box, team } = state.roles;
  const out = everyone.filter((i) => i !== box && !team.includes(i));
  return [box, ...team, ...out];
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** What a team member has said about the cube in this decision, if anything. */
function answerOf(state, who) {
  if (state.proposal && state.proposal.includes(who)) return ["agreed", t("chouette.agreed")];
  for (const [member, took] of state.answers || []) {
    if (member === who) return took ? ["took", t("chouette.took")] : ["dropped", t("chouette.dropped")];
  }
  return null;
}

/** The side panel: every participant with role, decision and ledger (CH7). */
export function rosterCard(state, nameOf) {
  const waiting = new Set(deciders(state));
  const cubeDecision = !!state.proposal || state.phase === "doubled";
  const pending = cubeDecision ? t("chouette.deciding") : t("table.to_move");
  const body = h("tbody");
  for (const who of rosterOrder(state)) {
    const role = roleOf(state, who);
    const points = (state.ledger || [])[who] || 0;
    const answer = answerOf(state, who);
    body.append(h("tr", {
      class: `role-${role}${who === state.you ? " me" : ""}`,
      "data-participant": String(who),
      "data-role": role,
      "data-deciding": waiting.has(who) ? "1" : "0",
    },
    h("td", { class: "role" }, role === "none" ? "—" : h("span", { class: `badge ${role}` }, roleLabel(state, who))),
    h("td", { class: "who" },
      h("span", { class: "name" }, nameOf(who), who === state.you ? h("span", { class: "tag you" }, t("table.you")) : null),
      waiting.has(who) ? h("span", { class: "tag turn" }, pending) : null,
      answer ? h("span", { class: `tag answer ${answer[0]}` }, answer[1]) : null,
      (state.left || []).includes(who) ? h("span", { class: "tag left", "data-left": "1" }, t("chouette.left")) : null),
    h("td", { class: `ledger ${points > 0 ? "plus" : points < 0 ? "minus" : ""}`, "data-ledger": String(points) }, signed(points))));
  }
  return h("section", { class: "card roster", "aria-labelledby": "roster-title" },
    h("h2", { id: "roster-title" }, t("chouette.roster")),
    h("table", { class: "roster-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("chouette.role")),
        h("th", { scope: "col" }, t("chouette.player")),
        h("th", { scope: "col", class: "ledger" }, t("chouette.ledger")))),
      body),
    h("p", { class: "muted small" }, t("chouette.games_settled", { n: state.games || 0 })));
}

/** One of the two bars above and below the board: the box, or the team and its captain. */
export function sideBar(state, side, nameOf) {
  const waiting = deciders(state);
  const colour = side === BOX ? "light" : "dark";
  const parts = [h("span", { class: `chip ${colour}`, "aria-hidden": "true" })];
  if (!decided(state)) {
    parts.push(h("span", { class: "name" }, side === BOX ? t("chouette.role_box") : t("chouette.team")));
    return parts;
  }
  const { box, captain, team } = state.roles;
  // "you" follows the viewer's own name, wherever it stands in the bar.
  const named = (who, cls = "name") => [h("span", { class: cls }, nameOf(who)), who === state.you ? h("span", { class: "tag you" }, t("table.you")) : null];
  if (side === BOX) {
    parts.push(h("span", { class: "badge box" }, t("chouette.role_box")), ...named(box));
  } else {
    parts.push(h("span", { class: "badge captain" }, t("chouette.role_captain")), ...named(captain));
    const rest = team.filter((m) => m !== captain);
    if (rest.length) {
      const list = h("span", { class: "muted with" }, t("chouette.with"), " ");
      rest.forEach((m, i) => list.append(...(i ? [", "] : []), ...named(m, "member").filter(Boolean)));
      parts.push(list);
    }
  }
  const acting = side === BOX ? waiting.includes(box) : waiting.some((m) => team.includes(m));
  if (acting) parts.push(h("span", { class: "tag turn" }, t("table.to_move")));
  parts.push(h("span", { class: "spacer" }));
  if (state.pips) {
    const pips = state.pips[side === state.perspective ? 0 : 1];
    parts.push(h("span", { class: "pips", title: t("table.pips") }, t("table.pips_short", { n: pips })));
  }
  return parts.filter(Boolean);
}

/** The sentence under the board. */
export function chouetteStatus(state, l, nameOf) {
  if (state.status === "over") return t("chouette.over");
  if (state.status === "open") {
    return t("chouette.waiting_players", { n: state.seats.filter((p) => !p).length });
  }
  if (!decided(state) || state.phase === "roll-off") return t("chouette.rolloff");
  const { box, captain } = state.roles;
  const value = (state.cube ? state.cube.value : 1) * 2;
  const names = deciders(state).map(nameOf).join(", ");
  if (state.proposal) {
    if (l.agree) return t("chouette.agree_question", { name: nameOf(captain), value });
    return t("chouette.waiting_agree", { names });
  }
  switch (state.phase) {
    case "opening":
      return t("table.opening");
    case "rolling":
      if (l.roll) {
        if (!l.double) return t("table.your_roll");
        return state.you === box ? t("table.your_roll_or_double") : t("chouette.your_roll_or_propose");
      }
      return state.turn === BOX
        ? t("chouette.box_rolling", { name: nameOf(box) })
        : t("chouette.captain_rolling", { name: nameOf(captain) });
    case "moving":
      if (l.steps) {
        if (l.steps.length) return t("table.your_move", { dice: state.dice.join("–") });
        return !(state.steps || []).length ? t("table.no_move") : t("table.confirm_move");
      }
      return state.turn === BOX
        ? t("chouette.box_moving", { name: nameOf(box) })
        : t("chouette.captain_moving", { name: nameOf(captain) });
    case "doubled":
      if (state.turn === BOX) {
        if (l.take) return t("chouette.box_doubles", { name: nameOf(box), value });
        return t("chouette.waiting_answers", { names });
      }
      if (l.take) return t("chouette.team_doubles", { value });
      return t("table.waiting_answer", { name: nameOf(box) });
  }
  return "";
}

/** The last settled game (CH5, CH6): who won, what each participant was paid, who is box now. */
export function settlementCard(state, nameOf) {
  const last = state.last;
  if (!last) return null;
  const result = last.result || {};
  const kind = t(`result.${result.kind || "single"}`);
  const headline = result.winner === BOX
    ? t("chouette.box_won_game", { name: nameOf(last.box), kind, points: result.points })
    : t("chouette.team_won_game", { name: nameOf(last.captain), kind, points: result.points });
  const rotation = last.box_won
    ? t("chouette.box_stays", { name: nameOf(last.box) })
    : t("chouette.new_box", { name: nameOf(last.captain) });
  const list = h("ul", { class: "payments" });
  last.payments.forEach((paid, who) => {
    list.append(h("li", { "data-paid": String(paid) },
      h("span", {}, nameOf(who)),
      h("span", { class: `ledger ${paid > 0 ? "plus" : paid < 0 ? "minus" : ""}` }, signed(paid))));
  });
  return h("section", { class: "settlement", "data-settlement": String(state.games), "aria-labelledby": "settlement-title" },
    h("h2", { id: "settlement-title" }, t("chouette.last_settlement", { n: state.games })),
    h("p", {}, headline),
    list,
    h("p", { class: "muted" }, rotation));
}

let leavingAt = null; // the chouette whose "leave for good?" question is open

/** The Leave button of a started chouette, for a participant who has not left: a first
 * click asks "for good?", a second sends ``leave`` (docs/PROTOCOL.md, a chouette's state). */
export function leaveControl(state, send) {
  const seated = state.you !== null && state.you !== undefined;
  if (state.kind !== "chouette" || !seated || state.status !== "playing" || (state.left || []).includes(state.you)) return null;
  const ask = () => { leavingAt = state.table; swap(); };
  const cancel = () => { leavingAt = null; swap(); };
  const button = h("button", { type: "button", class: "danger-ghost", "data-action": "leave", onclick: ask }, t("chouette.leave"));
  const question = h("div", { class: "resign-group", role: "group", "aria-label": t("chouette.leave") },
    h("span", { class: "small" }, t("chouette.leave_confirm")),
    h("button", { type: "button", class: "danger", "data-action": "leave-now", onclick: () => { leavingAt = null; send({ type: "leave" }); } }, t("chouette.leave")),
    h("button", { type: "button", "data-action": "leave-cancel", onclick: cancel }, t("action.cancel")));
  const slot = h("span", { class: "leave-slot" });
  function swap() {
    slot.replaceChildren(leavingAt === state.table ? question : button);
  }
  swap();
  return slot;
}
