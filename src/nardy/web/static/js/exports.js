// A table's match in other programs' formats (INTERFACES.md §10): links to its Jellyfish
// .mat and GNU Backgammon .sgf files, and the XGID and gnubg ID of the position shown, to
// copy. Long nardy and Dutch have no outside formats, so their pages show none of this.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { facts } from "./variants.js";

/** Whether ``variant``'s games fit ``format`` (its facts' ``formats``, GET /api/variants):
 * "mat" for the .mat and .sgf files, "gnubg-match-id" for the XGID and gnubg ID. */
const holds = (variant, format) => (facts(variant).formats || []).includes(format);

/** Download links for the table's .mat and .sgf files, or null when there are none. */
export function exportLinks(tableId, variant) {
  if (!holds(variant, "mat")) return null;
  const link = (kind) => h("a", { href: `/api/tables/${tableId}/record.${kind}`, download: `${tableId}.${kind}`, "data-export": kind }, t(`export.${kind}`));
  return h("p", { class: "links", id: "export-links" }, link("mat"), link("sgf"));
}

/** The IDs of every position of the table's match (``GET /api/tables/{id}/positions``). */
export async function loadIds(tableId, variant) {
  if (!holds(variant, "gnubg-match-id")) return null;
  try {
    return (await api(`/api/tables/${tableId}/positions`)).games;
  } catch {
    return null;
  }
}

/** The XGID and gnubg ID of a replay frame (its game and action index), to copy. */
export function idsPanel(games, frame) {
  const ids = games && games[frame.game] && games[frame.game][frame.index + 1];
  if (!ids) return null;
  const row = (label, value, id) => h("div", { class: "row" },
    h("label", { for: id }, label),
    h("input", { id, readonly: true, value, spellcheck: "false", onfocus: (e) => e.target.select() }),
    h("button", { type: "button", "data-copy": id, onclick: () => copyText(value) }, t("export.copy")));
  return h("div", { class: "position-ids", id: "position-ids" },
    row("XGID", ids.xgid, "position-xgid"),
    row(t("export.gnubg"), ids.gnubg, "position-gnubg"));
}

async function copyText(value) {
  try {
    await navigator.clipboard.writeText(value);
    toast(t("export.copied"));
  } catch {
    toast(t("export.copy_by_hand"));
  }
}
