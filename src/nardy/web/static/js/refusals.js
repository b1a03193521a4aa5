// The words for the server's refusal of a command or an HTTP request (docs/PROTOCOL.md,
// "Refusals"): the text of its code in the page's language, the values it names filled
// in; for a code this page has no text for (or ``refused``, a refusal of no particular
// kind), the server's own English words, as before codes.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { has, t } from "./i18n.js";

/** What to show for the error reply ``doc`` ({type: "error", message, code, params}). */
export function refusalText(doc) {
  const key = `error.${doc.code}`;
  if (typeof doc.code === "string" && doc.code !== "refused" && has(key)) {
    return t(key, doc.params || {});
  }
  return t("error.server", { message: doc.message });
}

/** What to show for a failed call of the server (an ``ApiError`` of api.js, or any error):
 * the text of its code in the page's language, else the server's words. */
export function errorText(error) {
  return refusalText({ message: error.message, code: error.code, params: error.params });
}
