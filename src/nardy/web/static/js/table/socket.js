// The table's WebSocket: connects, and after a drop opens it again by itself with
// exponential backoff and jitter (so a server restart is not met by every client at the
// same instant), at once when the network or the page comes back; the state the server
// sends on every connection is the resync. A refusal (no such table, a private table, a
// session that ended) is not retried. Every message goes to the table view: states, and
// who of the players is there (``presence``, docs/PROTOCOL.md, Presence and the archive).
// SPDX-License-Identifier: AGPL-3.0-or-later

import { answersContribution, contributeIfAsked } from "../contribute.js";

/** What the page did, for the browser tests (``window.nardyDebug``). */
export const debug = (window.nardyDebug = window.nardyDebug || { sent: [], states: 0 });
for (const [key, empty] of [["errors", 0], ["animated", 0], ["reconnects", 0], ["sounds", []]]) {
  if (debug[key] === undefined) debug[key] = empty;
}

const RETRY_FIRST = 500; // ms
const RETRY_MOST = 10000;
const NO_SUCH_TABLE = 4004; // docs/PROTOCOL.md, The table socket
const NO_RETRY = [1008, 4001, NO_SUCH_TABLE];

/** Open ``/ws/tables/{tableId}``; ``on.state``, ``on.presence``, ``on.rematch``, ``on.error`` receive the
 * server's messages (``on.error`` the whole error reply, with its ``code``),
 * ``on.offline(lost)`` hears when the connection is lost and back, and
 * ``on.refused({missing, message})`` when the server refused it for good (``missing``: there
 * is no such table). Returns ``{send, close}``; ``send`` says whether it could send. */
export function tableSocket(tableId, on) {
  let socket = null;
  let closed = false;
  let retries = 0;
  let timer = null;
  let lastError = "";

  function connect() {
    clearTimeout(timer);
    timer = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const opened = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    socket = opened;
    const contributed = new Set(); // the games this connection has sent a contribution to
    opened.addEventListener("message", (event) => {
      let doc;
      try {
        doc = JSON.parse(event.data);
      } catch {
        return;
      }
      if (doc.type === "state") {
        debug.states += 1;
        contributeIfAsked(doc, contributed, (message) => {
          debug.sent.push(message);
          opened.send(JSON.stringify(message));
        });
        retries = 0;
        on.offline(false);
        on.state(doc);
      } else if (doc.type === "presence") on.presence(doc);
      else if (doc.type === "rematch") on.rematch(doc.table);
      else if (doc.type === "error") {
        debug.errors += 1;
        lastError = doc.message;
        if (!answersContribution(doc)) on.error(doc);
      }
    });
    opened.addEventListener("close", (event) => {
      if (closed || socket !== opened) return;
      if (NO_RETRY.includes(event.code)) {
        on.refused({ missing: event.code === NO_SUCH_TABLE, message: lastError });
        return;
      }
      on.offline(true);
      const delay = Math.min(RETRY_MOST, RETRY_FIRST * 2 ** retries) * (0.5 + Math.random() / 2);
      retries += 1;
      debug.reconnects += 1;
      timer = setTimeout(() => !closed && connect(), delay);
    });
  }

  // Back online, or a phone that comes back to the page: no need to wait out the backoff.
  const again = () => {
    if (timer !== null && (document.visibilityState === "visible" || navigator.onLine)) connect();
  };
  // The network gone: the socket is as good as closed (a phone may not notice for
  // minutes); close it, so that the page says so and reconnects as soon as it returns.
  const gone = () => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.close();
  };
  window.addEventListener("online", again);
  window.addEventListener("offline", gone);
  document.addEventListener("visibilitychange", again);
  connect();

  return {
    /** Send ``doc``; false when there is no connection to send it on. */
    send(doc) {
      debug.sent.push(doc);
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(doc));
      return true;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      window.removeEventListener("online", again);
      window.removeEventListener("offline", gone);
      document.removeEventListener("visibilitychange", again);
      if (socket) socket.close();
    },
  };
}
