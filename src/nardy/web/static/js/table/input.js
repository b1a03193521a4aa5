// Picking steps on the board: tap or click a checker then a target, double-click for the
// higher die, drag with a mouse or a finger, or the keyboard (arrows, Enter, Escape).
// The board offers only the steps it is given (``legal.steps`` of the server's state).
// A finger that lands a little beside a legal place still reaches it: taps and drops
// go to the nearest candidate within a point's width.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { BAR, GEOMETRY, OFF, RESERVE, checker, placeAt } from "../board.js";
import { t } from "../i18n.js";

const DOUBLE_TAP = 400; // ms
const DRAG_START = 8; // px

/** Binds the board element; ``io`` gives ``steps()`` (legal single steps), ``remaining()``
 * (dice left), ``model()`` (the board model drawn), ``colour()`` (the viewer's checkers),
 * ``step(from, to)`` and ``redraw()``. Returns the selection for the board model. */
export function boardInput(board, live, io) {
  const sel = { selected: null, focus: null };
  let drag = null;
  let lastTap = null;

  const sources = () => new Set(io.steps().map((s) => s[0]));
  const targetsOf = (place) => new Set(io.steps().filter((s) => s[0] === place).map((s) => s[1]));
  const candidates = () => (sel.selected === null ? sources() : targetsOf(sel.selected));
  const ordered = () => {
    const order = (a, b) => (b === 0 ? -1 : a === 0 ? 1 : b - a);
    return [...candidates()].sort(order);
  };

  function stepTo(from, to) {
    lastTap = null;
    sel.selected = null;
    sel.focus = null;
    io.step(from, to);
  }

  /** A tap, click or Enter on a place of the board. */
  function pick(place) {
    if (place === null || place === undefined || !io.steps().length) return;
    if (sel.selected !== null && targetsOf(sel.selected).has(place)) {
      stepTo(sel.selected, place);
      return;
    }
    if (sources().has(place) && sel.selected !== place) {
      sel.selected = place;
      if (sel.focus !== null && !targetsOf(place).has(sel.focus)) sel.focus = ordered()[0] ?? null;
    } else {
      sel.selected = null;
    }
    io.redraw();
  }

  /** Double-click or double tap: play the higher remaining die from ``place`` if legal. */
  function quickStep(place) {
    const own = io.steps().filter((s) => s[0] === place);
    const dice = [...new Set(io.remaining())].sort((a, b) => b - a);
    for (const d of dice) {
      const found = own.find(([a, b]) => {
        const start = a >= 25 ? 25 : a;
        return b === 0 ? d >= start : start - b === d;
      });
      if (found) return stepTo(found[0], found[1]);
    }
  }

  function toBoard(x, y) {
    const svg = board.querySelector("svg");
    const point = svg.createSVGPoint();
    point.x = x;
    point.y = y;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }

  /** The place at client point (x, y); with ``near`` the nearest of those places wins. */
  function placeFrom(x, y, near = null) {
    const p = toBoard(x, y);
    return placeAt(io.model(), p.x, p.y, near, GEOMETRY.PW);
  }

  function tap(event) {
    const touch = event.pointerType !== "mouse";
    const place = placeFrom(event.clientX, event.clientY, touch ? candidates() : null);
    const now = performance.now();
    if (place !== null && sel.selected === place && lastTap && lastTap.place === place && now - lastTap.time < DOUBLE_TAP) {
      lastTap = null;
      quickStep(place);
      return;
    }
    lastTap = { place, time: now };
    pick(place);
  }

  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const touch = event.pointerType !== "mouse";
    const place = placeFrom(event.clientX, event.clientY, touch ? sources() : null);
    drag = { place, x: event.clientX, y: event.clientY, moving: false, pointer: event.pointerId, touch };
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    if (!drag.moving) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START) return;
      if (!sources().has(drag.place)) return;
      drag.moving = true;
      board.setPointerCapture(event.pointerId);
      sel.selected = drag.place;
      io.redraw();
    }
    const p = toBoard(event.clientX, event.clientY);
    // Under a finger the checker rides a little above it, where it can be seen.
    const lift = drag.touch ? GEOMETRY.D * 0.9 : 0;
    const layer = board.querySelector("svg .anim");
    layer.innerHTML = checker(io.colour(), p.x, p.y - lift, 'data-dragging="1"', "ghost");
    board.querySelector("svg").classList.add("dragging");
  });
  board.addEventListener("pointerup", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const was = drag;
    drag = null;
    if (!was.moving) return tap(event);
    const lift = was.touch ? GEOMETRY.D * 0.9 : 0;
    const p = toBoard(event.clientX, event.clientY);
    const targets = targetsOf(was.place);
    const place = placeAt(io.model(), p.x, p.y - lift, targets, GEOMETRY.PW);
    if (place !== null && targets.has(place)) stepTo(was.place, place);
    else {
      sel.selected = null;
      io.redraw();
    }
  });
  board.addEventListener("pointercancel", () => {
    drag = null;
    io.redraw();
  });
  // A click from assistive technology (no pointer events before it) picks the place
  // clicked; pointer clicks are handled on pointerup.
  board.addEventListener("click", (event) => {
    if (event.detail !== 0) return;
    const target = event.target.closest("[data-place]");
    if (target) pick(Number(target.dataset.place));
  });
  board.addEventListener("contextmenu", (event) => event.preventDefault());

  board.addEventListener("keydown", (event) => {
    const list = ordered();
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      if (!list.length) return;
      const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
      let i = list.indexOf(sel.focus);
      i = i < 0 ? 0 : (i + (forward ? 1 : -1) + list.length) % list.length;
      sel.focus = list[i];
      io.redraw();
      announce(sel.focus);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (sel.focus === null) return;
      const was = sel.selected;
      pick(sel.focus);
      if (sel.selected !== null && sel.selected !== was) {
        sel.focus = ordered()[0] ?? null;
        io.redraw();
        announce(sel.focus, true);
      }
    } else if (event.key === "Escape") {
      sel.selected = null;
      sel.focus = null;
      io.redraw();
    }
  });

  function placeName(place) {
    if (place === BAR) return t("board.bar");
    if (place === RESERVE) return t("board.reserve");
    if (place === OFF) return t("board.off");
    return t("board.point", { n: place });
  }

  function announce(place, picked = false) {
    if (place === null || place === undefined) return;
    live.textContent = picked ? t("board.picked", { from: placeName(sel.selected), to: placeName(place) }) : placeName(place);
  }

  return {
    sel,
    sources,
    targets: () => (sel.selected === null ? new Set() : targetsOf(sel.selected)),
    /** Keep the selection only while it is still a legal source (after a new state). */
    revalidate() {
      if (sel.selected !== null && !sources().has(sel.selected)) sel.selected = null;
      if (sel.focus !== null && !candidates().has(sel.focus)) sel.focus = null;
    },
    clear() {
      sel.selected = null;
      sel.focus = null;
    },
    dragging: () => !!(drag && drag.moving),
  };
}
