// `npm run size`: the gzipped JavaScript a browser downloads to open each page for the first
// time (the client entry, the root and the page's route modules with everything they import
// statically), against budgets that are multiples of the same figure for a bare React Router page
// (the floor app of scripts/floor-app.mjs, built here from the same node_modules, so a framework
// upgrade moves floor and budgets together). Pages come from app/routes.ts, so a new screen is
// measured without touching this file. Run after `npm run build`; `npm test` runs it. Sizes, not times.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import routes from "../app/routes.ts";
import { buildFloorApp } from "./floor-app.mjs";

const KB = 1024;
const ADMIN_LAYOUT = "routes/admin/layout.tsx";
/**
 * How many times the floor page's JavaScript a page may load (decisions 027, 028). Email-link pages,
 * opened on phones: 1.1. Admin screens carry the shell, a table, filters and their actions on
 * top: 1.16, the tightest that passes (lists 1.11 to 1.15, the membership forms 1.15 and 1.16).
 */
const BUDGET_OVER_FLOOR = { public: 1.1, admin: 1.16 };

/** @typedef {import("@react-router/dev/routes").RouteConfigEntry} RouteConfigEntry */

/**
 * Every page: a route that renders (has a default export), with its layouts, outermost first.
 * @param {RouteConfigEntry[]} list
 * @param {RouteConfigEntry[]} [parents]
 * @returns {{ path: string, files: string[], kind: "admin" | "public" }[]}
 */
function pagesOf(list, parents = []) {
  return list.flatMap((route) => {
    const chain = [...parents, route];
    if (route.children) return pagesOf(route.children, chain);
    if (!/^export default /m.test(readFileSync(join("app", route.file), "utf8"))) return [];
    const path = `/${chain
      .map((entry) => entry.path ?? "")
      .filter(Boolean)
      .join("/")}`;
    const files = chain.map((entry) => entry.file);
    return [
      {
        path: route.path === "*" ? "404 (unknown path)" : path,
        files,
        kind: files.includes(ADMIN_LAYOUT) ? "admin" : "public",
      },
    ];
  });
}

/**
 * A measurer of one build: `firstLoad(files)` is the gzipped size of the client entry, the root
 * and the route modules `files` (paths under app/), with all they import statically.
 * @param {string} clientDir
 */
function buildMeasurer(clientDir) {
  /** @type {import("vite").Manifest} */
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8"));
  const keyOf = (/** @type {string} */ file) =>
    Object.keys(manifest).find((key) => key === `app/${file}` || key.startsWith(`app/${file}?`));
  /** @type {Map<string, number>} */
  const gzipped = new Map();
  const sizeOf = (/** @type {string} */ file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length);
    return /** @type {number} */ (gzipped.get(file));
  };
  /**
   * The chunks a module needs, itself included (static imports only: what loads first).
   * @param {string | undefined} key
   * @param {Set<string>} seen
   * @returns {Set<string>}
   */
  const closure = (key, seen) => {
    if (!key || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of /** @type {import("vite").ManifestChunk} */ (manifest[key]).imports ?? [])
      closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => key.endsWith("entry.client.tsx"));

  return {
    /**
     * Bytes, or the first file without a client module in this build.
     * @param {string[]} files
     * @returns {{ bytes: number, missing?: undefined } | { bytes?: undefined, missing: string }}
     */
    firstLoad(files) {
      const keys = closure(entry, new Set());
      for (const file of files) {
        const key = keyOf(file);
        if (!key) return { missing: file };
        closure(key, keys);
      }
      return {
        bytes: [...keys].reduce(
          (total, key) => total + sizeOf(/** @type {import("vite").ManifestChunk} */ (manifest[key]).file),
          0,
        ),
      };
    },
  };
}

const floorApp = await buildFloorApp();
let floor;
try {
  const floorMeasurer = buildMeasurer(join(floorApp.dir, "build/client"));
  floor = /** @type {number} */ (floorMeasurer.firstLoad(["root.jsx", "routes/home.jsx"]).bytes);
} finally {
  await floorApp.remove();
}

const panel = buildMeasurer("build/client");
let failed = false;
/** @type {string[][]} */
const rows = [];
for (const page of pagesOf(routes)) {
  const { bytes, missing } = panel.firstLoad(["root.tsx", ...page.files]);
  if (bytes === undefined) {
    console.error(`✖ ${page.path}: no client module for app/${missing} in the build`);
    failed = true;
    continue;
  }
  const over = bytes > floor * BUDGET_OVER_FLOOR[page.kind];
  if (over) failed = true;
  rows.push([
    over ? "✖" : "✔",
    page.path,
    page.kind,
    (bytes / KB).toFixed(1),
    (bytes / floor).toFixed(2),
    BUDGET_OVER_FLOOR[page.kind].toFixed(2),
  ]);
}

console.log("First-visit JavaScript per page, gzipped (KB), and as a multiple of the floor page:\n");
const header = ["", "page", "kind", "KB", "× floor", "budget"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
const line = (/** @type {string[]} */ cells) =>
  cells
    .map((cell, column) => (column >= 3 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
    .join("  ");
console.log(line(header));
for (const row of rows) console.log(line(row));
const limits = `floor (a bare React Router page) ${(floor / KB).toFixed(1)} KB; budgets ${Object.entries(
  BUDGET_OVER_FLOOR,
)
  .map(([kind, times]) => `${kind} ${times} × floor = ${((floor * times) / KB).toFixed(1)} KB`)
  .join(", ")}`;
if (failed) {
  console.error(`\nBundle-size check failed: a page is over its budget (or missing). ${limits}`);
  process.exit(1);
}
console.log(`\n✔ every page within budget: ${limits}`);
