// Unit tests of the board's geometry (src/nardy/web/static/js/board-geometry.js) under
// Node's own test runner: every point has its own column, mirrored boards are mirror
// images, each checker's slot lies inside the place it belongs to, and a click anywhere
// in a place's rectangle finds that place.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  BAR, GEOMETRY, OFF, RESERVE, placeAt, placeCount, placeRect, pointX, slotCenter,
} from "../../src/nardy/web/static/js/board-geometry.js";

const POINTS = Array.from({ length: 24 }, (_, i) => i + 1);
const { W, PW } = GEOMETRY;

test("the points of one half share six columns, each its own", () => {
  for (const mirror of [false, true]) {
    const top = POINTS.filter((p) => p >= 13).map((p) => pointX(p, mirror));
    const bottom = POINTS.filter((p) => p <= 12).map((p) => pointX(p, mirror));
    assert.equal(new Set(top).size, 12);
    assert.deepEqual([...top].sort((a, b) => a - b), [...bottom].sort((a, b) => a - b));
  }
  assert.ok(pointX(1, false) > pointX(6, false), "point 1 sits at the right, home side");
});

test("a mirrored board is the mirror image of the plain one", () => {
  for (const p of POINTS) assert.equal(pointX(p, true), W - pointX(p, false) - PW);
});

test("every checker's slot lies inside its place's rectangle", () => {
  for (const mirror of [false, true]) {
    const model = { mirror };
    for (const place of [...POINTS, BAR, OFF, RESERVE]) {
      const r = placeRect(model, place);
      for (let index = 0; index < 15; index++) {
        const { x, y } = slotCenter(model, place, index, 15);
        assert.ok(x >= r.x && x <= r.x + r.w, `x of checker ${index} at ${place}`);
        assert.ok(y >= r.y - GEOMETRY.R && y <= r.y + r.h + GEOMETRY.R, `y at ${place}`);
      }
    }
  }
});

test("a click in a place's rectangle finds the place", () => {
  for (const mirror of [false, true]) {
    const model = { mirror };
    for (const place of [...POINTS, BAR, OFF, RESERVE]) {
      const r = placeRect(model, place);
      assert.equal(placeAt(model, r.x + r.w / 2, r.y + r.h / 2), place);
    }
  }
});

test("a finger beside a target still reaches it, but not from afar", () => {
  const model = { mirror: false };
  const r = placeRect(model, 5);
  const beside = r.x + r.w + 10; // ten units into point 4's column
  assert.equal(placeAt(model, beside, r.y + r.h / 2), 4);
  assert.equal(placeAt(model, beside, r.y + r.h / 2, new Set([5])), 5);
  assert.equal(placeAt(model, r.x + 4 * PW, r.y + r.h / 2, new Set([5])), 1);
});

test("a place's checkers are counted for each side", () => {
  const position = { board: [2, 0, -3, ...Array(21).fill(0)], bar: [1, 2], off: [3, 0] };
  assert.deepEqual(placeCount(position, 1), [2, 0]);
  assert.deepEqual(placeCount(position, 3), [0, 3]);
  assert.deepEqual(placeCount(position, BAR), [1, 0]);
  assert.deepEqual(placeCount(position, "obar"), [0, 2]);
  assert.deepEqual(placeCount(position, OFF), [3, 0]);
  assert.deepEqual(placeCount(position, RESERVE), [0, 0]);
});
