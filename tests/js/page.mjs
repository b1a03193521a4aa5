// Just enough of a browser page for the client's modules under Node's test runner:
// ``fetch`` reads the static files (the translation files) from disk, and ``document`` and
// ``window`` have what i18n.js touches.
// SPDX-License-Identifier: AGPL-3.0-or-later
import { readFile } from "node:fs/promises";

const STATIC = new URL("../../src/nardy/web/static/", import.meta.url);

/** Put the stand-ins on ``globalThis`` (call it from ``before``). */
export function stubPage() {
  globalThis.fetch = async (path) => {
    const text = await readFile(new URL(path.replace(/^\/static\//, ""), STATIC), "utf8");
    return { ok: true, json: async () => JSON.parse(text) };
  };
  globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
  globalThis.window = new EventTarget();
}
