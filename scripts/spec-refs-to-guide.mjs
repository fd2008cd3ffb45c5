#!/usr/bin/env node
/**
 * One-off migration: rewrites the old product-spec references in comments and docs ("spec 2.14",
 * "spec section 5", "spec sections 5 and 9", ...) as pointers into docs/product.md, e.g.
 * `docs/product.md#users-list`. Only comments (found with the TypeScript parser) and markdown
 * prose change; a reference inside a string (a test's name, say) is left and listed at the end.
 * Safe to run again: what it already rewrote no longer matches.
 *
 *   node scripts/spec-refs-to-guide.mjs          # rewrite, then list what was left
 *   node scripts/spec-refs-to-guide.mjs --check  # only list what would change; exit 1 if anything would
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const GUIDE = "docs/product.md";
const SELF = "scripts/spec-refs-to-guide.mjs";
const SCANNED = ["app", "server", "demo-api", "tests", "scripts", "docs", "README.md"];
const SKIPPED_DIRS = new Set(["node_modules", "build", ".react-router", "test-results", "playwright-report"]);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const check = process.argv.includes("--check");

/** Old spec section -> guide anchor (the table at the top of docs/product.md says the same). */
const SECTIONS = {
  1: "who-uses-it",
  2: "routes",
  2.1: "routes",
  2.2: "the-shell",
  2.3: "sign-in",
  2.4: "forgot-password",
  2.5: "reset-password",
  2.6: "verify-email",
  2.7: "delete-account",
  2.8: "not-found",
  2.9: "get-the-app",
  "2.10": "dashboard",
  2.11: "citizenship-requests",
  2.12: "posts",
  2.13: "announcements",
  2.14: "users-list",
  2.15: "user-invites",
  2.16: "user-details",
  2.17: "memberships-list",
  2.18: "create-membership",
  2.19: "edit-membership",
  "2.20": "membership-details",
  2.21: "tables-search-and-paging",
  3: "data-and-fields",
  4: "states-and-transitions",
  5: "form-validation-rules",
  6: "roles-and-permissions",
  7: "upstream-calls",
  8: "toasts-and-error-handling",
  9: "constants-and-limits",
};

/**
 * Where one file's cross-cutting references (3 to 9) have a better home: the guide section that
 * covers that file's rules, messages and limits.
 */
const FILE_SECTIONS = {
  "app/lib/upload-rules.ts": {
    2.18: "tier-image-upload",
    3: "tier-image-upload",
    4: "tier-image-upload",
    5: "tier-image-upload",
    8: "tier-image-upload",
    9: "tier-image-upload",
  },
  "app/upstream/files.server.ts": { 3: "tier-image-upload", 8: "tier-image-upload" },
  "app/upstream/contract/files.ts": { 3: "tier-image-upload" },
  "app/components/memberships/image-upload.tsx": {
    2.18: "tier-image-upload",
    3: "tier-image-upload",
    4: "tier-image-upload",
    5: "tier-image-upload",
  },
  "app/components/memberships/format.ts": { 3: "tier-image-upload" },
  "app/routes/admin/memberships/create.tsx": { 3: "tier-image-upload" },
  "demo-api/uploads.ts": { 9: "tier-image-upload" },
  "tests/unit/upload-rules.test.ts": { 3: "tier-image-upload", 8: "tier-image-upload", 9: "tier-image-upload" },
  "app/forms/membership.ts": { 4: "create-membership", 9: "create-membership" },
  "app/routes/admin/memberships/plan-form.server.ts": { 4: "create-membership", 5: "create-membership" },
  "app/components/memberships/plan-form.tsx": { 5: "create-membership" },
  "app/components/memberships/plan-confirm-dialog.tsx": { 8: "memberships-list" },
  "app/routes/admin/memberships/plan-actions.server.ts": { 8: "memberships-list" },
  "app/routes/auth/delete-account.tsx": { 4: "delete-account", 5: "delete-account" },
  "app/routes/auth/logout.tsx": { 4: "user-menu-and-sign-out" },
  "app/routes/auth/forgot-password.tsx": { 8: "forgot-password" },
  "app/routes/admin/dashboard.tsx": { 9: "dashboard" },
  "app/forms/users.ts": { 2.16: "send-push-notification", 5: "send-push-notification" },
  "app/routes/admin/users/details.tsx": { 5: "send-push-notification" },
  "app/routes/admin/users/list.tsx": { 9: "users-list" },
  "app/routes/admin/users/passport.tsx": { 2.14: "passport-download" },
  "app/routes/admin/announcements/list.tsx": { 4: "announcement-form", 5: "announcement-form", 8: "announcements" },
  "app/components/announcements/announcement-form.tsx": { 2.13: "announcement-form", 9: "announcement-form" },
  "app/components/announcements/status-badges.tsx": { 2.13: "announcement-form" },
  "app/forms/announcement.ts": { 2.13: "announcement-form", 5: "announcement-form", 9: "announcement-form" },
  "app/upstream/contract/announcements.ts": { 5: "announcement-form", 9: "announcement-form" },
  "app/lib/local-datetime.ts": { 9: "announcement-form" },
  "app/lib/page-window.ts": { 9: "announcements" },
  "app/upstream/announcements.server.ts": { 9: "announcements" },
  "app/session/user.server.ts": { 3: "current-user", 9: "current-user" },
  "app/components/shell/navigation.ts": { 2.2: "sidebar", 3: "sidebar" },
  "app/components/shell/sidebar-state.ts": { 2.2: "sidebar", 9: "sidebar" },
  "app/components/shell/user-menu.tsx": { 2.2: "user-menu-and-sign-out" },
  "app/components/ui/confirm-dialog.tsx": { 2.2: "confirmation-dialogs" },
  "app/routes/admin/layout.tsx": { 2.1: "shell-error-page", 2.2: "sidebar" },
  "app/lib/pagination.ts": { 3: "tables-search-and-paging" },
  "app/upstream/moderation.server.ts": { 9: "tables-search-and-paging" },
  "demo-api/errors.ts": { 8: "upstream-error-shapes" },
  "docs/demo-api.md": { 8: "upstream-error-shapes" },
};

/** Hand-written rewrites where the mechanical one reads badly; applied first, by exact text. */
const PHRASES = [
  [
    "app/session/user.server.ts",
    "when no (valid) user cookie came: spec 3's default.",
    "when no (valid) user cookie came (docs/product.md#current-user).",
  ],
  ["app/session/user.server.ts", "(spec 3, current user)", "(docs/product.md#current-user)"],
  ["app/components/shell/navigation.ts", "(spec 3, navigation entry)", "(docs/product.md#sidebar)"],
  ["app/lib/pagination.ts", "(spec 3, pagination)", "(docs/product.md#tables-search-and-paging)"],
  [
    "app/upstream/contract/notifications.ts",
    "(spec section 3, notification payload)",
    "(docs/product.md#send-push-notification)",
  ],
  [
    "app/upstream/moderation.server.ts",
    "(spec 9: search filters are case-insensitive)",
    "(docs/product.md#tables-search-and-paging)",
  ],
  ["app/routes/admin/users/list.tsx", "(spec 9: users default page size 10)", "(docs/product.md#users-list)"],
  ["app/routes/admin/users/list.tsx", "(spec 2.14, Verify User states)", "(docs/product.md#users-list, Verify User)"],
  [
    "app/routes/admin/memberships/plan-form.server.ts",
    "Toasts of spec 8; the server's message wins when it sends one. Spec 8 has no create texts: these follow the update ones.",
    "Toasts (docs/product.md#create-membership, docs/product.md#edit-membership); the server's message wins when it sends one.",
  ],
  [
    "app/routes/admin/memberships/plan-form.server.ts",
    "The edit payload of spec 7 plus the features",
    "The edit payload (docs/product.md#upstream-calls) plus the features",
  ],
  [
    "demo-api/handlers/memberships.ts",
    "the edit payload of spec 7 has no features",
    "the panel's edit payload may leave features out (docs/product.md#upstream-calls)",
  ],
  ["demo-api/handlers/users.ts", "(spec 7 note)", "(docs/product.md#upstream-calls)"],
  [
    "demo-api/handlers/users.ts",
    "// The other reading of spec 7: the id travels in a JSON body.",
    "// The other reading of the ban call (docs/product.md#upstream-calls): the id travels in a JSON body.",
  ],
  [
    "app/routes/auth/forgot-password.tsx",
    "// The spec's text, not the upstream's message",
    "// The product's text (docs/product.md#forgot-password), not the upstream's message",
  ],
  [
    "app/routes/auth/accept-invite.tsx",
    "// The spec does not show this screen and the contract",
    "// The old spec did not show this screen (docs/product.md#accept-invite) and the contract",
  ],
  [
    "app/routes/auth/verify.tsx",
    "the spec's loading state meanwhile.",
    "the loading state (docs/product.md#verify-email) meanwhile.",
  ],
  [
    "docs/how-a-screen-works.md",
    "screen's error state with the spec's text;",
    "screen's error state with the product's text ([product guide](product.md#toasts-and-error-handling));",
  ],
  [
    "docs/demo-api.md",
    "call of spec section 7 under `/api`",
    "call of the [product guide](product.md#upstream-calls) under `/api`",
  ],
  [
    "docs/demo-api.md",
    "The two shapes of spec section 8:",
    "The two shapes of [upstream errors](product.md#upstream-error-shapes):",
  ],
  [
    "docs/demo-api.md",
    "Validation messages are those of\nspec section 5 where it has one",
    "Validation messages are those of\nthe [product guide](product.md#form-validation-rules) where it has one",
  ],
  [
    "docs/decisions/009-tier-form-without-remix-hook-form.md",
    "and spec 5 lists no browser-side checks",
    "and the [product guide](../product.md#create-membership) lists no browser-side checks",
  ],
  [
    "docs/decisions/009-tier-form-without-remix-hook-form.md",
    "as the spec says.",
    "as the [product guide](../product.md#create-membership) says.",
  ],
  [
    "app/lib/upload-rules.ts",
    "The upload widget's rules (spec 5, 9) and the value an upload leaves behind (spec 3).",
    "The upload widget's rules and the value an upload leaves behind (docs/product.md#tier-image-upload).",
  ],
  [
    "app/forms/announcement.ts",
    "The create and edit form of spec 2.13, validated by the rules of spec 5 in browser and server.",
    "The create and edit form of docs/product.md#announcement-form, validated by its rules in browser and server.",
  ],
  [
    "app/upstream/contract/announcements.ts",
    "messages are spec section 5's.",
    "messages as in docs/product.md#announcement-form.",
  ],
  [
    "app/routes/admin/users/details.tsx",
    "The 'Send Push Notification' dialog (spec 2.16)",
    "The 'Send Push Notification' dialog (docs/product.md#send-push-notification)",
  ],
  [
    "app/forms/membership.ts",
    "Create Membership Tier (spec 2.18): no required checks; new plans are active (spec 4).",
    "Create Membership Tier (docs/product.md#create-membership): no required checks; new plans are active.",
  ],
  ["README.md", "the route table (spec 2.1)", "the route table (docs/product.md#routes)"],
  [
    "README.md",
    "5xx and timeouts the spec's error text)",
    "5xx and timeouts the product's error text, see [docs/product.md](docs/product.md#toasts-and-error-handling))",
  ],
];

const NUMBER = String.raw`\d+(?:\.\d+)?`;
/** "spec 2.14", "Spec 5", "spec section 7", "spec sections 5 and 9", "spec 2.4, 2.5, 2.7 and 5". */
const REFERENCE = new RegExp(
  String.raw`\b[Ss]pec(?: sections?)? (${NUMBER}(?:(?:, and |, | and )${NUMBER})*)\b(?!\.\d)`,
  "g",
);

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

/** GitHub's heading slugs of the guide, so that no rewrite points at a missing anchor. */
function guideAnchors() {
  const anchors = new Set();
  let fenced = false;
  for (const line of readFileSync(join(ROOT, GUIDE), "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading) {
      anchors.add(
        heading[1]
          .replace(/[`*]/g, "")
          .toLowerCase()
          .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
          .replace(/ /g, "-"),
      );
    }
  }
  return anchors;
}

/** [start, end) ranges of every comment in a TypeScript or JavaScript file. */
function commentRanges(path, text) {
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : path.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  // The callbacks must return nothing: a truthy return value stops TypeScript's iteration.
  const add = (range) => {
    ranges.set(range.pos, range.end);
  };
  const visit = (node) => {
    ts.forEachLeadingCommentRange(text, node.pos, (pos, end) => add({ pos, end }));
    ts.forEachTrailingCommentRange(text, node.end, (pos, end) => add({ pos, end }));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  ts.forEachLeadingCommentRange(text, 0, (pos, end) => add({ pos, end }));
  return [...ranges].map(([pos, end]) => ({ pos, end }));
}

/** [start, end) ranges of a markdown file's prose, and whether each is inside a code fence. */
function markdownRanges(text) {
  const ranges = [];
  let offset = 0;
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    ranges.push({ pos: offset, end: offset + line.length, fenced });
    offset += line.length + 1;
  }
  return ranges;
}

function anchorsFor(file, list) {
  const numbers = list.split(/, and |, | and /);
  const screens = numbers.filter((number) => number.startsWith("2."));
  // A screen's section also holds its rules, messages and limits: the screen is enough.
  const kept = screens.length > 0 ? screens : numbers;
  const anchors = kept.map((number) => FILE_SECTIONS[file]?.[number] ?? SECTIONS[number]);
  if (anchors.some((anchor) => anchor === undefined)) return undefined;
  return [...new Set(anchors)];
}

function joinWords(words) {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

const anchors = guideAnchors();
const changed = [];
const left = [];

for (const path of SCANNED.flatMap((entry) => filesUnder(join(ROOT, entry)))) {
  const file = relative(ROOT, path);
  const markdown = file.endsWith(".md");
  if (file === GUIDE || file === SELF || !(markdown || CODE.test(file))) continue;
  const original = readFileSync(path, "utf8");
  let text = original;

  for (const [target, from, to] of PHRASES) {
    if (target === file && text.includes(from)) text = text.replace(from, to);
  }

  const ranges = markdown ? markdownRanges(text) : commentRanges(file, text);
  const replacements = [];
  for (const match of text.matchAll(REFERENCE)) {
    const at = match.index;
    const range = ranges.find(({ pos, end }) => at >= pos && at < end);
    const line = text.slice(0, at).split("\n").length;
    const found = anchorsFor(file, match[1]);
    if (!range || !found) {
      left.push(`${file}:${line}: ${match[0]}${range ? " (unknown section)" : " (not in a comment)"}`);
      continue;
    }
    for (const anchor of found) if (!anchors.has(anchor)) throw new Error(`${GUIDE} has no heading for #${anchor}`);
    const toGuide = relative(dirname(path), join(ROOT, GUIDE)).replaceAll("\\", "/");
    const pointers =
      markdown && !range.fenced
        ? found.map((anchor) => `[product guide](${toGuide}#${anchor})`)
        : found.map((anchor) => `${GUIDE}#${anchor}`);
    replacements.push({ at, length: match[0].length, with: joinWords(pointers) });
  }
  for (const { at, length, with: pointer } of replacements.reverse()) {
    text = text.slice(0, at) + pointer + text.slice(at + length);
  }

  if (text !== original) {
    changed.push(file);
    if (!check) writeFileSync(path, text);
  }
}

console.log(`${check ? "would change" : "changed"} ${changed.length} files`);
for (const file of changed) console.log(`  ${file}`);
if (left.length > 0) {
  console.log(`left as they are (${left.length}):`);
  for (const entry of left) console.log(`  ${entry}`);
}
if (check && changed.length > 0) process.exitCode = 1;
