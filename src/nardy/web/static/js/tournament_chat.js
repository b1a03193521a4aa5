// A tournament's chat (docs/PROTOCOL.md, "Tournament chat"): its lines, fetched after the
// last one seen each time the tournament page refreshes, and for whoever is signed in a
// field to say one. The field lives across refreshes, so nothing typed is lost.
// SPDX-License-Identifier: AGPL-3.0-or-later

import { api } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./refusals.js";
import { botMark } from "./profile.js";

const LENGTH = 500; // the longest line the server takes (protocol/chat.py)

export function tournamentChat(id) {
  const lines = [];
  let signedIn = false;
  let busy = false;
  const title = h("h2", { id: "tournament-chat-title" });
  const list = h("ol", { class: "chat-list", id: "tournament-chat-list", "aria-live": "polite" });
  const field = h("input", { type: "text", maxlength: String(LENGTH), id: "tournament-chat-input" });
  const button = h("button", { type: "submit", id: "tournament-chat-send" });
  const form = h("form", { class: "chat-form", id: "tournament-chat-form", onsubmit: (event) => { event.preventDefault(); say(); } }, field, button);
  const note = h("p", { class: "muted", id: "tournament-chat-note" });
  const box = h("section", { class: "card chat tournament-chat", id: "tournament-chat", "aria-labelledby": "tournament-chat-title" });

  function line(m) {
    return h("li", { "data-n": String(m.n) },
      h("strong", { "data-names": "" }, h("a", { href: `#/player/${encodeURIComponent(m.player)}` }, m.from)), m.bot ? [" ", botMark(m)] : null, ": ",
      h("span", { "data-names": "" }, m.text));
  }

  function render() {
    title.textContent = t("chat.title");
    field.setAttribute("aria-label", t("chat.message"));
    field.setAttribute("placeholder", t("chat.placeholder"));
    button.textContent = t("chat.send");
    note.textContent = t("tournament.chat_sign_in");
    if (box.lastChild !== (signedIn ? form : note)) clear(box).append(title, list, signedIn ? form : note);
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    clear(list).append(...(lines.length ? lines.map(line) : [h("li", { class: "muted" }, t("chat.empty"))]));
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  async function poll() {
    const after = lines.length ? lines[lines.length - 1].n : 0;
    let doc;
    try {
      doc = await api(`/api/tournaments/${id}/chat?after=${after}`);
    } catch {
      return; // the next refresh tries again
    }
    const fresh = doc.messages.filter((m) => m.n > (lines.length ? lines[lines.length - 1].n : 0));
    if (!fresh.length) return;
    lines.push(...fresh);
    lines.splice(0, Math.max(0, lines.length - 200));
    render();
  }

  async function say() {
    const text = field.value.trim();
    if (!text || busy) return;
    busy = true;
    try {
      await api(`/api/tournaments/${id}/chat`, { text });
      field.value = "";
      await poll();
    } catch (error) {
      toast(errorText(error));
    } finally {
      busy = false;
    }
  }

  render();
  return {
    box,
    poll,
    render,
    /** Whether the viewer may write (signed in as a guest or an account). */
    setSignedIn(value) {
      if (signedIn === value) return;
      signedIn = value;
      render();
    },
  };
}
