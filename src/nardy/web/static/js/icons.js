// Small icons drawn as SVG, so they look the same on every system (no font glyphs).
// SPDX-License-Identifier: AGPL-3.0-or-later

const PATHS = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  prev: "M18 5v14L7 12z",
  next: "M6 5v14l11-7z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
  menu: "M3 5h18v2.5H3zM3 10.75h18v2.5H3zM3 16.5h18V19H3z",
  gear: "M19.71 9.87 L22.34 10.19 L22.34 13.81 L19.71 14.13 L18.96 15.94 L20.59 18.04 L18.04 20.59 L15.94 18.96 L14.13 19.71 L13.81 22.34 L10.19 22.34 L9.87 19.71 L8.06 18.96 L5.96 20.59 L3.41 18.04 L5.04 15.94 L4.29 14.13 L1.66 13.81 L1.66 10.19 L4.29 9.87 L5.04 8.06 L3.41 5.96 L5.96 3.41 L8.06 5.04 L9.87 4.29 L10.19 1.66 L13.81 1.66 L14.13 4.29 L15.94 5.04 L18.04 3.41 L20.59 5.96 L18.96 8.06Z M15.6 12 A3.6 3.6 0 1 0 8.4 12 A3.6 3.6 0 1 0 15.6 12Z",
};

/** An icon element (``aria-hidden``: the button around it carries the words). */
export function icon(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", PATHS[name]);
  path.setAttribute("fill-rule", "evenodd");
  svg.append(path);
  return svg;
}
