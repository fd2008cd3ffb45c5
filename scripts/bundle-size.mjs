// Bundle-size check: the gzipped JavaScript a browser downloads to open each page for the first
// time (the client entry, the root and the page's route modules with everything they import),
// against budgets. Run after `npm run build`; `npm test` runs it. Sizes, not times.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = "build/client";
const KB = 1024;

/** Budgets in KB of gzipped JavaScript on a first visit. A bare React Router app is ~113 KB. */
const BUDGETS = {
  // Email-link recipients on phones: keep the public pages close to the bare framework.
  public: 145,
  // Admin screens: the shell plus the screen.
  admin: 175,
};

/** Pages and the route modules that render them (layouts first). */
const PAGES = {
  "/login": ["public", "auth/login"],
  "/forgot-password": ["public", "auth/forgot-password"],
  "/reset-password": ["public", "auth/reset-password"],
  "/verify": ["public", "auth/verify"],
  "/delete-account": ["public", "auth/delete-account"],
  "/accept-invite": ["public", "auth/accept-invite"],
  "/get-app": ["public", "auth/get-app"],
  "/": ["admin", "admin/layout", "admin/dashboard"],
  "/users": ["admin", "admin/layout", "admin/users/list"],
  "/users/:id": ["admin", "admin/layout", "admin/users/details"],
  "/users/view-invites/:id": ["admin", "admin/layout", "admin/users/invites"],
  "/posts": ["admin", "admin/layout", "admin/posts/list"],
  "/badge-requests": ["admin", "admin/layout", "admin/badge-requests/list"],
  "/announcements": ["admin", "admin/layout", "admin/announcements/list"],
  "/memberships": ["admin", "admin/layout", "admin/memberships/list"],
  "/memberships/create": ["admin", "admin/layout", "admin/memberships/create"],
  "/memberships/edit/:id": ["admin", "admin/layout", "admin/memberships/edit"],
  "/memberships/view/:id": ["admin", "admin/layout", "admin/memberships/view"],
};

const manifest = JSON.parse(readFileSync(join(CLIENT, ".vite/manifest.json"), "utf8"));
const keyOf = (route) => Object.keys(manifest).find((key) => key.startsWith(`app/routes/${route}.tsx?`));
const entryKey = Object.keys(manifest).find((key) => key.endsWith("entry.client.tsx"));
const rootKey = Object.keys(manifest).find((key) => key.startsWith("app/root.tsx?"));
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(CLIENT, file))).length);
  return gzipped.get(file);
};

/** The chunks a module needs, itself included (static imports only: what loads first). */
function closure(key, seen = new Set()) {
  if (!key || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

let failed = false;
const rows = [];
for (const [page, [kind, ...routes]] of Object.entries(PAGES)) {
  const keys = new Set([...closure(entryKey), ...closure(rootKey)]);
  for (const route of routes) {
    const key = keyOf(route);
    if (!key) {
      console.error(`✖ ${page}: no client module for app/routes/${route}.tsx in the build`);
      failed = true;
      continue;
    }
    closure(key, keys);
  }
  const bytes = [...keys].reduce((total, key) => total + sizeOf(manifest[key].file), 0);
  const budget = BUDGETS[kind] * KB;
  if (bytes > budget) failed = true;
  rows.push(`${bytes > budget ? "✖" : "✔"} ${page.padEnd(26)} ${(bytes / KB).toFixed(1).padStart(6)} KB  (budget ${BUDGETS[kind]} KB)`);
}

console.log("First-visit JavaScript, gzipped:");
for (const row of rows) console.log(row);
if (failed) {
  console.error("Bundle-size check failed: a page is over its budget (or missing).");
  process.exit(1);
}
