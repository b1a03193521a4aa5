// The service worker (served as /sw.js so that its scope is the whole site; the server
// puts VERSION and FILES in front of this text). It keeps the client's files in a cache
// named by the version, so that the lobby opens without a network, and asks the network
// first for the page and for the few API answers the lobby is drawn from (kept for when
// the network is gone; such an answer carries OFFLINE, so that the page can say where it
// came from). Every other request, and every socket, passes by it.
// SPDX-License-Identifier: AGPL-3.0-or-later
/* global VERSION, FILES */

const CLIENT = `nardy-client-${VERSION}`;
const ANSWERS = "nardy-answers"; // the API's last GET answers, for offline use
const FACTS = ["/api/variants", "/api/time-controls"]; // what the lobby is drawn from
const KEPT = new Set([...FACTS, "/api/me", "/api/tables"]); // ... and who you are, the tables
const OFFLINE = "X-Nardy-Offline"; // on a kept answer handed out because the network failed

self.addEventListener("install", (event) => {
  const answers = caches.open(ANSWERS).then((cache) => cache.addAll(FACTS)).catch(() => {});
  const client = caches.open(CLIENT).then((cache) => cache.addAll(FILES));
  event.waitUntil(Promise.all([client, answers]).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("nardy-client-") && name !== CLIENT;
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

async function clientFile(request) {
  const cached = await caches.match(request, { cacheName: CLIENT, ignoreSearch: true });
  return cached || fetch(request);
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(ANSWERS)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: ANSWERS });
    if (!cached) throw error;
    const headers = new Headers(cached.headers);
    headers.set(OFFLINE, "1");
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match("/", { cacheName: CLIENT });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/") event.respondWith(page(request));
  else if (url.pathname.startsWith("/static/")) event.respondWith(clientFile(request));
  else if (KEPT.has(url.pathname)) event.respondWith(networkFirst(request));
});
