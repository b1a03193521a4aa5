// The HTTP side of the server.
// SPDX-License-Identifier: AGPL-3.0-or-later

export class ApiError extends Error {}

export async function api(path, body) {
  const options = body === undefined
    ? { credentials: "same-origin" }
    : {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      };
  const response = await fetch(path, options);
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    doc = null;
  }
  if (!response.ok) {
    let detail = doc && doc.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
    throw new ApiError(detail || `HTTP ${response.status}`);
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
