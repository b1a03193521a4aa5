// Unit tests of the HTTP API's refusals on the page (src/nardy/web/static/js/api.js and
// refusals.js, docs/PROTOCOL.md, "Refusals"): a refused request keeps its code and the
// values it names, and is said in the page's language; without a code, the server's words.
// A call that finds no server (no network, or the service worker's kept answer) says so.
// SPDX-License-Identifier: AGPL-3.0-or-later
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { stubPage } from "./page.mjs";

import { ApiError, api, networkReturned, serverUnreachable } from "../../src/nardy/web/static/js/api.js";
import { setLanguage } from "../../src/nardy/web/static/js/i18n.js";
import { errorText } from "../../src/nardy/web/static/js/refusals.js";

const answers = new Map();

before(() => {
  stubPage();
  const files = globalThis.fetch;
  globalThis.fetch = async (path, options) => {
    if (!answers.has(path)) return files(path, options);
    const [status, doc, headers = {}] = answers.get(path);
    if (status === null) throw new TypeError("Failed to fetch");
    return { ok: status < 400, status, headers: new Headers(headers), json: async () => doc };
  };
});

async function refusal(path) {
  try {
    await api(path, {});
  } catch (error) {
    return error;
  }
  assert.fail(`${path} was not refused`);
}

test("a refused request keeps its detail, code and params", async () => {
  const detail = "there is no table x1";
  answers.set("/api/tables/x1/join", [400, { detail, code: "no_table", params: { table_id: "x1" } }]);
  const error = await refusal("/api/tables/x1/join");
  assert.ok(error instanceof ApiError);
  assert.equal(error.message, detail);
  assert.equal(error.code, "no_table");
  assert.deepEqual(error.params, { table_id: "x1" });
  assert.equal(error.status, 400);
});

test("a refused request is said in the page's language", async () => {
  answers.set("/api/login", [400, { detail: "wrong name or password", code: "wrong_password" }]);
  await setLanguage("ru");
  assert.equal(errorText(await refusal("/api/login")), "Неверное имя или пароль.");
  answers.set("/api/guest", [429, { detail: "…", code: "too_many_new_players", params: { seconds: 7 } }]);
  await setLanguage("pl");
  assert.equal(errorText(await refusal("/api/guest")), "Zbyt wielu nowych graczy z Twojego adresu. Spróbuj ponownie za 7 s.");
});

test("a refusal without a code shows the server's words", async () => {
  answers.set("/api/old", [400, { detail: "an older server" }]);
  answers.set("/api/check", [422, { detail: [{ msg: "field required" }, { msg: "too long" }] }]);
  await setLanguage("lt");
  const old = await refusal("/api/old");
  assert.equal(old.code, null);
  assert.equal(errorText(old), "Serverio atsakymas: an older server");
  assert.equal(errorText(await refusal("/api/check")), "Serverio atsakymas: field required; too long");
});

test("a call that finds no server says so until one reaches it", async () => {
  const changes = [];
  window.addEventListener("nardy:network", (e) => changes.push(e.detail));
  answers.set("/api/up", [200, { up: true }]);
  answers.set("/api/down", [null]);
  answers.set("/api/kept", [200, { up: true }, { "X-Nardy-Offline": "1" }]);
  await api("/api/up");
  assert.equal(serverUnreachable(), false);
  await assert.rejects(api("/api/down"), TypeError);
  assert.equal(serverUnreachable(), true);
  assert.deepEqual(await api("/api/kept"), { up: true }); // the service worker's kept answer
  assert.equal(serverUnreachable(), true);
  await api("/api/up");
  assert.equal(serverUnreachable(), false);
  await api("/api/kept");
  networkReturned();
  assert.equal(serverUnreachable(), false);
  assert.deepEqual(changes, [false, true, false, true]); // each change once
});
