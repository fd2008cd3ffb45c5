// The layers of app/ and the rule that they point one way (docs/decisions/045-layers-that-point-one-way.md):
// a layer imports only the layers below it, nothing imports a route module, and no import circle
// exists anywhere. `npm run layers` checks it; npm test runs it in its lint phase.
/* global require, module, __dirname -- dependency-cruiser loads this file as CommonJS */
/* eslint-disable @typescript-eslint/no-require-imports */
const { readFileSync } = require("node:fs");
const path = require("node:path");

/** Escapes a path for a regular expression. */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The route modules are the files app/routes.ts names (the rest of app/routes/ are their parts).
const routeModules = [...readFileSync(path.join(__dirname, "app/routes.ts"), "utf8").matchAll(/"(routes\/[^"]+)"/g)]
  .map(([, file]) => `app/${file}`)
  .concat("app/root.tsx");
const ROUTE_MODULE = `^(${routeModules.map(literal).join("|")})$`;

// The layers, top to bottom. A layer may import the ones below it, never one above; forms and
// session are siblings and import neither each other.
const ROUTES = "^app/(routes/|root\\.tsx$|entry\\.server\\.tsx$|routes\\.ts$)";
const COMPONENTS = "^app/components/";
const RECIPE = "^app/recipe/";
const FORMS = "^app/forms/";
const SESSION = "^app/session/";
const UPSTREAM = "^app/upstream/";
const AUDIT = "^app/audit/";
const EXPORT = "^app/export/";
const BOTTOM = "^app/(lib/|config/|server-context\\.ts$)";

// Edges allowed for a while, each removed by the change its comment names. Keep the list short.
const TEMPORARY = [];

/**
 * The rules that `from` imports none of `above`: one for the layer, and one for each file with a
 * temporary edge, which forbids the same but that edge.
 */
function layer(name, from, above, comment) {
  const rule = (fromPath, extra) => ({
    name,
    comment,
    severity: "error",
    from: fromPath,
    to: { path: above, ...extra },
  });
  const exceptions = TEMPORARY.filter((edge) => edge.from.startsWith(from));
  if (exceptions.length === 0) return [rule({ path: from })];
  return [
    rule({ path: from, pathNot: exceptions.map((edge) => edge.from) }),
    ...exceptions.map((edge) => rule({ path: edge.from }, { pathNot: edge.to })),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle: split the module both sides need, or move it down a layer.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-route-module-imports",
      comment:
        "A route module (a file app/routes.ts names, and app/root.tsx) is the router's alone: share what it needs from a part beside it.",
      severity: "error",
      from: {},
      to: { path: ROUTE_MODULE },
    },
    {
      name: "app-not-server",
      comment: "server/ is the Express edge above React Router: it imports app/, never the reverse.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    ...layer("components-not-up", COMPONENTS, ROUTES, "Components are below the routes."),
    // The bulk actions' one implementation (docs/product.md#bulk-actions) sits with the components:
    // each list's table, beside its route, hands it what it needs.
    ...layer(
      "bulk-not-up",
      "^app/bulk/",
      ROUTES,
      "The bulk actions are below the routes: a list's table passes its parts in.",
    ),
    ...layer("recipe-not-up", RECIPE, `${ROUTES}|${COMPONENTS}`, "The recipe is below the routes and components."),
    ...layer(
      "forms-not-up-or-aside",
      FORMS,
      `${ROUTES}|${COMPONENTS}|${RECIPE}|${SESSION}`,
      "Forms are below the recipe and beside the session: they import upstream and lib only.",
    ),
    ...layer(
      "session-not-up-or-aside",
      SESSION,
      `${ROUTES}|${COMPONENTS}|${RECIPE}|${FORMS}`,
      "The session is below the recipe and beside the forms: it imports upstream and lib only.",
    ),
    ...layer(
      "upstream-not-up",
      UPSTREAM,
      `${ROUTES}|${COMPONENTS}|${RECIPE}|${FORMS}|${SESSION}`,
      "The upstream layer (contract, client, resources) imports lib only: it gets the session through the router context.",
    ),
    ...layer(
      "export-not-up",
      EXPORT,
      `${ROUTES}|${COMPONENTS}|${RECIPE}|${FORMS}`,
      "The list export (app/export/) is beside the recipe: it imports session, upstream, lib and config.",
    ),
    ...layer(
      "audit-not-up",
      AUDIT,
      "^app/(?!lib/|config/|audit/)",
      "The audit store (app/audit/) is below the session: it imports lib and config only.",
    ),
    ...layer(
      "insights-not-up",
      "^app/insights/",
      "^app/(?!lib/|config/|audit/|state/|insights/)",
      "The roll-ups of /insights (app/insights/) count the trail's entries on the state engine: they import audit, state, lib and config only.",
    ),
    ...layer(
      "state-not-up",
      "^app/state/",
      "^app/(?!lib/|config/|state/)",
      "The panel's state engine (app/state/) is below the session and the stores: it imports lib and config only.",
    ),
    ...layer(
      "bottom-not-up",
      BOTTOM,
      "^app/(?!lib/|config/|server-context\\.ts$)",
      "lib, config and server-context import only each other.",
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.react-router|build|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
