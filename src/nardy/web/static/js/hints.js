// Hints at the table: a "Hint" button that asks the server what the engine would do now
// (the best plays with their equities, or the cube's numbers and advice), and, at a table
// of two people, the agreement both players give before hints are shown.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { playWords } from "./common.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { equity } from "./review_parts.js";

/** The hint controls of table ``tableId``; ``send`` sends a table command. Call
 * ``update(state)`` with every new state and put ``element`` on the page. */
export function createHints(tableId, send) {
  const element = h("div", { class: "hints", id: "hints" });
  let state = null;
  let answer = null;
  let asking = false;

  async function ask() {
    if (asking) return;
    asking = true;
    render();
    try {
      answer = await api(`/api/tables/${tableId}/hint`);
    } catch (error) {
      toast(errorText(error));
      answer = null;
    }
    asking = false;
    render();
  }

  function mine() {
    const legal = (state && state.legal) || {};
    return Object.keys(legal).some((key) => key !== "resign");
  }

  function advice() {
    if (!answer || !state || answer.n !== state.n) return null;
    const box = h("div", { class: "hint card", id: "hint", "data-kind": answer.kind });
    const word = (a) => t(`hint.say_${a.replace(" ", "_")}`);
    switch (answer.kind) {
      case "move":
        box.append(
          h("h2", {}, t("hint.title_move", { n: answer.ply })),
          h("ol", { class: "hint-plays" }, ...answer.plays.map((p, i) =>
            h("li", { "data-play": String(i) },
              h("span", { class: "play" }, playWords(p.play)),
              h("span", { class: "num" }, equity(p.equity)),
              h("span", { class: "num muted" }, p.difference === 0 ? "" : equity(p.difference))))),
          h("p", { class: "small muted" }, t("hint.chances", {
            win: (100 * answer.plays[0].chances[0]).toFixed(1),
            gammon: (100 * answer.plays[0].chances[1]).toFixed(1),
            lose_gammon: (100 * answer.plays[0].chances[3]).toFixed(1),
          })));
        break;
      case "cube": {
        const c = answer.cube;
        box.append(
          h("h2", {}, t("hint.title_cube", { advice: word(c.action) })),
          cubeTable(c),
          h("p", { class: "small muted" }, t(c.take ? "hint.they_take" : "hint.they_drop")));
        break;
      }
      case "take":
        box.append(
          h("h2", {}, t("hint.title_take", { advice: word(answer.advice) })),
          h("table", { class: "cube-values" }, h("tbody", {},
            h("tr", {}, h("th", { scope: "row" }, t("action.take")), h("td", { class: "num" }, equity(answer.take))),
            h("tr", {}, h("th", { scope: "row" }, t("action.drop")), h("td", { class: "num" }, equity(answer.drop))))));
        break;
      case "resign":
        box.append(
          h("h2", {}, t("hint.title_resign", { advice: word(answer.advice) })),
          h("table", { class: "cube-values" }, h("tbody", {},
            h("tr", {}, h("th", { scope: "row" }, t("action.accept")), h("td", { class: "num" }, equity(answer.accept))),
            h("tr", {}, h("th", { scope: "row" }, t("action.decline")), h("td", { class: "num" }, equity(answer.decline))))));
        break;
      default:
        box.append(h("p", {}, t(`hint.${answer.kind}`)));
    }
    box.append(h("p", { class: "small muted" }, t("hint.unit")));
    return box;
  }

  function cubeTable(c) {
    return h("table", { class: "cube-values" }, h("tbody", {},
      h("tr", {}, h("th", { scope: "row" }, t("review.no_double")), h("td", { class: "num" }, equity(c.no_double))),
      h("tr", {}, h("th", { scope: "row" }, t("review.double_take")), h("td", { class: "num" }, equity(c.double_take))),
      h("tr", {}, h("th", { scope: "row" }, t("review.double_pass")), h("td", { class: "num" }, equity(c.double_pass)))));
  }

  function render() {
    clear(element);
    const hints = state && state.hints;
    const seated = state && state.you !== null && state.you !== undefined;
    if (!hints || !seated || ["over", "aborted", "withdrawn"].includes(state.status)) return;
    const row = h("div", { class: "row" });
    if (hints.allowed && mine()) {
      row.append(h("button", { type: "button", "data-action": "hint", onclick: ask, disabled: asking }, asking ? t("hint.thinking") : t("hint.button")));
    }
    if (!hints.computer && !hints.rated) { // a rated match has no hints to agree to
      const agreed = hints.agreed || [false, false];
      const me = agreed[state.you];
      const other = agreed[1 - state.you];
      row.append(
        h("button", { type: "button", "data-action": "allow-hints", "aria-pressed": me ? "true" : "false", onclick: () => send({ type: "hints", allow: !me }) },
          me ? t("hint.withdraw") : t("hint.allow")),
        h("span", { class: "small muted", id: "hint-agreement" },
          hints.allowed ? t("hint.both_agree") : other ? t("hint.other_agrees") : me ? t("hint.waiting") : t("hint.practice")));
    }
    element.append(row);
    const box = advice();
    if (box) element.append(box);
  }

  return {
    element,
    update(next) {
      state = next;
      render();
    },
  };
}
