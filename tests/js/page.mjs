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
    return { ok: true, headers: new Headers(), json: async () => JSON.parse(text) };
  };
  globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
  globalThis.window = new EventTarget();
}

/** A stand-in for the elements dom.js builds: enough to build a card, read its text, find
 * an element by id or class and fire its listeners. Call after ``stubPage``. */
class FakeElement extends EventTarget {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.dataset = {};
    this.childNodes = [];
    this.parentNode = null;
    this.data = "";
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  get id() {
    return this.getAttribute("id");
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  append(...nodes) {
    for (const node of nodes) {
      const child = node instanceof FakeElement ? node : globalThis.document.createTextNode(String(node));
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }

  replaceChildren(...nodes) {
    this.childNodes = [];
    this.append(...nodes);
  }

  remove() {
    if (!this.parentNode) return;
    this.parentNode.childNodes = this.parentNode.childNodes.filter((node) => node !== this);
    this.parentNode = null;
  }

  get textContent() {
    return this.data + this.childNodes.map((node) => node.textContent).join("");
  }

  set textContent(text) {
    this.childNodes = [];
    this.data = String(text);
  }

  /** Every element under this one, depth first. */
  *descendants() {
    for (const node of this.childNodes) {
      yield node;
      yield* node.descendants();
    }
  }

  find(test) {
    return [...this.descendants()].find(test) || null;
  }
}

export function stubElements() {
  globalThis.Node = FakeElement;
  globalThis.document.createElement = (tag) => new FakeElement(tag);
  globalThis.document.createTextNode = (text) => Object.assign(new FakeElement("#text"), { data: text });
}
