// ESLint flat config: recommended JS and TypeScript rules, React hooks and accessibility rules for the UI.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What a test does instead of waiting on the clock. */
const CLOCK_WAIT =
  "Tests wait on events, never on the clock: hold the upstream call (holdCalls, tests/support/demo-hooks.ts) and wait for what happens (docs/decisions/050-tests-wait-on-events.md).";

/** The clock waits of tests, as no-restricted-syntax selectors. */
const CLOCK_WAITS = [
  "CallExpression[callee.property.name='waitForTimeout']",
  // A timer whose handle nobody keeps is a sleep (`new Promise((r) => setTimeout(r, n))`) or
  // something done after a fixed time (`setTimeout(() => controller.abort(), 100)`).
  ":not(VariableDeclarator, AssignmentExpression) > CallExpression[callee.name=/^set(Timeout|Interval)$/]",
  "CallExpression[callee.object.name='scheduler'][callee.property.name='wait']",
  // A fault's delay keeps a call pending for as long as the machine's load allows.
  "Property[key.name='delayMs']",
].map((selector) => ({ selector, message: CLOCK_WAIT }));

export default defineConfig([
  globalIgnores([
    "build/",
    ".react-router/",
    "node_modules/",
    "test-results/",
    "playwright-report/",
    "blob-report/",
    ".data/",
  ]),
  js.configs.recommended,
  // Not the type-checked set: it took about three times the CPU of this one (60 s against 21 s)
  // and found nothing here that was not a deliberate React Router idiom; `npm run typecheck` runs tsc.
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a binding kept on purpose: an Express error handler's fourth
      // argument, a property left out of a rest copy, a loop that only drains a stream.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A missing dependency is a stale-value bug: fail the lint, not just warn.
      "react-hooks/exhaustive-deps": "error",
      // Autofocus is deliberate: single-purpose auth pages focus their one field, and a dialog that
      // the server renders open must take focus without JavaScript (tests/e2e/keyboard.spec.ts).
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // Every signed cookie has a key of its own (docs/decisions/034-one-key-per-cookie.md): one
    // signed with the session secret itself could stand in for another of the same shape.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/signed-cookie.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["createCookie", "createCookieSessionStorage"],
              message:
                "Make signed cookies with signedCookie (app/lib/signed-cookie.server.ts): it gives each its own key.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every mutation form is a MutationForm (app/recipe/mutation-form.tsx): its one-time key sends
    // it once (decision 019) and tells its buttons when it is pending (decision 041).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/recipe/mutation-form.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXOpeningElement[name.name='Form']:has(JSXAttribute[name.name='method'] Literal[value=/^post$/i])",
          message: 'Post with <MutationForm> (app/recipe/mutation-form.tsx), not a bare <Form method="post">.',
        },
      ],
    },
  },
  {
    // Server-side modules under app/ (loaders, actions, the upstream client) run in Node.
    files: ["app/**/*.server.{ts,tsx}", "app/entry.server.tsx"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["server/**", "scripts/**", "demo-api/**", "tests/**", "*.{js,mjs,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    // Server code, type-aware: a promise nobody awaits loses its failure (an unhandled rejection
    // stops the process) and its order. Only these files: type-aware rules on every file would
    // double the lint's time (see docs/decisions/044-guardrails-in-npm-test.md).
    files: [
      "app/**/*.server.{ts,tsx}",
      "app/entry.server.tsx",
      "app/routes/**/*.{ts,tsx}",
      "server/**/*.ts",
      "server.js",
      "scripts/**/*.{mjs,ts}",
      "demo-api/**/*.ts",
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Playwright callbacks passed to page.evaluate() run in the browser.
    files: ["tests/e2e/**"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests wait on events, never on the clock (docs/decisions/050-tests-wait-on-events.md): a
    // fixed wait is too short on a loaded machine and needlessly long on a quiet one. A timer
    // whose handle is kept (to clear it) is a safety net and passes; a test about time itself
    // disables a line with its reason.
    files: ["tests/**"],
    rules: {
      "no-restricted-syntax": ["error", ...CLOCK_WAITS],
      "no-restricted-imports": [
        "error",
        {
          paths: ["timers/promises", "node:timers/promises"].map((name) => ({
            name,
            importNames: ["setTimeout", "setInterval", "scheduler"],
            message: CLOCK_WAIT,
          })),
        },
      ],
    },
  },
]);
