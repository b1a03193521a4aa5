// The HTTP side of the server.
// SPDX-License-Identifier: AGPL-3.0-or-later

/** A refused request: the server's English ``detail`` as the message, and the kind of
 * refusal (``code``, with the values it names in ``params``) when the server gives one
 * (docs/PROTOCOL.md, "Refusals"); ``status`` is the HTTP status. */
export class ApiError extends Error {
  constructor(message, { code = null, params = {}, status = null } = {}) {
    super(message);
    this.code = code;
    this.params = params;
    this.status = status;
  }
}

let unreachable = false;
/** Whether the last call found no server: the network failed, or the service worker (sw.js)
 * answered from its cache. ``navigator.onLine`` alone cannot say it: a browser on a network
 * that leads nowhere counts itself online. Each change is announced as ``nardy:network``. */
export function serverUnreachable() {
  return unreachable;
}
function reached(yes) {
  if (unreachable !== yes) return;
  unreachable = !yes;
  window.dispatchEvent(new CustomEvent("nardy:network", { detail: yes }));
}
/** The browser says the network came back: believe it until a call says otherwise. */
export function networkReturned() {
  reached(true);
}

/** Call the server: GET ``path``, or POST ``body`` as JSON, or another ``method``. The
 * answer's JSON, or an ``ApiError`` for a refusal. */
export async function api(path, body, method = body === undefined ? "GET" : "POST") {
  const options = body === undefined
    ? { method, credentials: "same-origin" }
    : {
        method,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    if (error instanceof TypeError) reached(false); // fetch's word for "no network"
    throw error;
  }
  reached(response.headers.get("X-Nardy-Offline") === null);
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    doc = null;
  }
  if (!response.ok) {
    let detail = doc && doc.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
    const code = doc && typeof doc.code === "string" ? doc.code : null;
    const params = (doc && doc.params) || {};
    throw new ApiError(detail || `HTTP ${response.status}`, { code, params, status: response.status });
  }
  return doc;
}

let me = null;
export async function whoAmI(refresh = false) {
  if (!me || refresh) me = await api("/api/me");
  return me;
}
export function setMe(doc) {
  me = doc;
  window.dispatchEvent(new CustomEvent("nardy:me", { detail: doc }));
}
