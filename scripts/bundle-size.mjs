// `npm run size`: the gzipped JavaScript a browser downloads to open each page for the first
// time (the client entry, the root and the page's route modules with everything they import
// statically), against budgets. Pages come from app/routes.ts, so a new screen is measured
// without touching this file. Run after `npm run build`; `npm test` runs it. Sizes, not times.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import routes from "../app/routes.ts";

const CLIENT = "build/client";
const KB = 1024;
const ADMIN_LAYOUT = "routes/admin/layout.tsx";

/** Budgets in KB of gzipped JavaScript on a first visit. A bare React Router app is ~113 KB. */
const BUDGETS = {
  // Email-link recipients on phones (and the 404 page): close to the bare framework. 126, not 125,
  // since the account forms carry their one-time key (MutationForm, decision 019: 0.4 KB).
  public: 126,
  // Admin screens: the shell plus the screen.
  admin: 150,
};

/** Every page: a route that renders (has a default export), with its layouts, outermost first. */
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

const manifest = JSON.parse(readFileSync(join(CLIENT, ".vite/manifest.json"), "utf8"));
const keyOf = (file) => Object.keys(manifest).find((key) => key === `app/${file}` || key.startsWith(`app/${file}?`));
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** The chunks a module needs, itself included (static imports only: what loads first). */
function closure(key, seen = new Set()) {
  if (!key || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const framework = new Set([
  ...closure(Object.keys(manifest).find((key) => key.endsWith("entry.client.tsx"))),
  ...closure(keyOf("root.tsx")),
]);

let failed = false;
const rows = [];
for (const page of pagesOf(routes)) {
  const keys = new Set(framework);
  for (const file of page.files) {
    const key = keyOf(file);
    if (!key) {
      console.error(`✖ ${page.path}: no client module for app/${file} in the build`);
      failed = true;
      continue;
    }
    closure(key, keys);
  }
  const bytes = [...keys].reduce((total, key) => total + sizeOf(manifest[key].file), 0);
  const budget = BUDGETS[page.kind];
  const over = bytes > budget * KB;
  if (over) failed = true;
  rows.push([over ? "✖" : "✔", page.path, page.kind, (bytes / KB).toFixed(1), String(budget)]);
}

console.log("First-visit JavaScript per page, gzipped (KB):\n");
const header = ["", "page", "kind", "KB", "budget"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) =>
  cells.map((cell, column) => (column >= 3 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ");
console.log(line(header));
for (const row of rows) console.log(line(row));
if (failed) {
  console.error("\nBundle-size check failed: a page is over its budget (or missing).");
  process.exit(1);
}
console.log(`\n✔ every page within budget (public ${BUDGETS.public} KB, admin ${BUDGETS.admin} KB)`);
