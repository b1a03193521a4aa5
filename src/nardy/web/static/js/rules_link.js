// Links to the rules pages (/rules/{game}, served as HTML), in the language the client speaks.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { variantName } from "./common.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

/** The address of the rules of ``variant`` (of a chouette when ``chouette``), or of every
 * game when ``variant`` is empty. */
export function rulesHref(variant, chouette = false) {
  const slug = chouette ? "chouette" : variant;
  return slug ? `/rules/${slug}?lang=${language()}` : `/rules?lang=${language()}`;
}

/** "How to play …" for a game, as a link. */
export function rulesLink(variant, chouette = false, attrs = {}) {
  const slug = chouette ? "chouette" : variant;
  return h("a", { href: rulesHref(variant, chouette), "data-rules-link": slug, class: "rules-link", ...attrs },
    t("rules.link", { game: chouette ? t("rules.chouette") : variantName(variant) }));
}

// Links already on the page follow a change of language.
window.addEventListener("nardy:language", () => {
  for (const link of document.querySelectorAll("a[data-rules-link]")) {
    const slug = link.dataset.rulesLink;
    link.href = slug === "chouette" ? rulesHref("", true) : rulesHref(slug);
  }
});
