// ESLint for the browser client (plain ES modules, no build step): `./run test` runs it.
// SPDX-License-Identifier: AGPL-3.0-or-later
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/nardy/web/static/js/**/*.js", "tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } },
    rules: { "no-var": "error", "prefer-const": ["error", { destructuring: "all" }], eqeqeq: ["error", "smart"] },
  },
  {
    files: ["src/nardy/web/static/js/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  { files: ["tests/js/**/*.mjs"], languageOptions: { globals: { ...globals.node } } },
  { files: ["tests/web/*.js"], languageOptions: { sourceType: "script", globals: { ...globals.browser } } },
];
