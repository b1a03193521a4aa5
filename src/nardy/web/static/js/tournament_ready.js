// Wherever a player is on the site, a note says when their next tournament match is ready,
// and one click takes them to its table.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function watchReady(every = 3000) {
  const note = h("div", { id: "tournament-ready", class: "ready-note", role: "status", hidden: true });
  document.body.append(note);
  async function look() {
    let ready = [];
    try {
      ({ ready } = await api("/api/tournaments/ready"));
    } catch {
      ready = [];
    }
    const here = location.hash.replace(/^#\/?/, "");
    const due = ready.find((r) => here !== `table/${r.table}`);
    note.hidden = !due;
    if (!due) return;
    note.replaceChildren(h("a", { href: `#/table/${due.table}`, id: "tournament-ready-link" },
      t("tournament.ready", { round: due.round, name: due.name })));
  }
  window.addEventListener("hashchange", look);
  look();
  setInterval(look, every);
}
