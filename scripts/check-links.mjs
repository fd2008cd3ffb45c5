// `npm run check-links` (in `npm test`'s lint phase): fails on a reference to something that is not
// in the repository.
// - Markdown links in README.md, docs/** and deploy/**: the file must exist and, for `#anchor` on a
//   Markdown file (or on the same page), a heading must produce that anchor. So must a repository
//   path written as inline code there (`server/app.ts`).
// - Paths that code comments cite (`docs/….md#anchor`, `app/…`, `server/…`, `scripts/…`, `tests/…`,
//   `demo-api/…`, `deploy/…`): the file or folder must exist, the anchor's heading too. Another
//   Markdown document a comment cites (by a relative path, with an anchor, or by a name in capitals
//   like the usual README) must be beside the file or at the root: no comment may point at a
//   document outside the repository.
// Paths in strings are code, not citations: the tests and the build say whether those exist.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import ts from "typescript";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED_DIRS = new Set([
  "node_modules",
  "build",
  ".react-router",
  "test-results",
  "playwright-report",
  "blob-report",
  ".data",
  ".git",
]);
const CODE = /\.(ts|tsx|js|mjs|cjs|mts)$/;
/** The repository's folders whose files comments cite by path. */
const CITED_DIRS = ["docs", "app", "server", "scripts", "tests", "demo-api", "deploy", "public"];
/**
 * A repository path in a comment: `docs/operations.md#timeouts`, `server/app.ts`, `app/routes/`.
 * Not inside a URL or a longer path (no `/`, `.`, `~` or word character before it).
 */
const CITED_PATH = new RegExp(`(?<![\\w./~@-])((?:${CITED_DIRS.join("|")})/[\\w./@+-]*)(#[\\w-]+)?`, "g");
/** Any Markdown file a comment names; those {@link citesDocument} are checked. */
const CITED_MARKDOWN = /(?<![\w./~@-])([\w./-]*[\w-]\.md)(#[\w-]+)?/g;

/**
 * Whether a Markdown name in a comment cites a document (a relative path, an anchor, a name in
 * capitals), rather than naming a file some tool writes (Playwright's error context, say).
 * @param {string} path
 * @param {string | undefined} anchor
 */
const citesDocument = (path, anchor) =>
  path.includes("/") || anchor !== undefined || /^[A-Z][A-Z0-9_-]*\.md$/.test(path);
/** A Markdown link or image: `[text](target)`, `![alt](target "title")`. */
const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;
/** Inline code that is exactly a repository path, in Markdown: `server/app.ts`, `docs/product.md#routes`. */
const CODE_PATH = new RegExp(`\`((?:${CITED_DIRS.join("|")})/[\\w./@+-]*)(#[\\w-]+)?\``, "g");
/** A code file's repository path anywhere in a line of Markdown (in backticks, a link or plain text). */
const LINE_CODE_PATH = new RegExp(
  `(?<![\\w./~@-])((?:${CITED_DIRS.join("|")})/[\\w./@+-]*\\.(?:ts|tsx|mjs|js|cjs))(?![\\w/])`,
  "g",
);
/**
 * Inline code that names a code identifier: `applyAction`, `rowAction(...)`, `USER_CONFIRMATIONS`,
 * `ClaimStore.claim` (its first name is checked): camelCase with a capital, a call, or CONSTANT_CASE.
 */
const CODE_IDENTIFIER = /`([A-Za-z_$][\w$]*)(?:\.[\w$]+)*(\([^`]*\))?`/g;

/**
 * Identifiers a line of Markdown names beside the one code file it cites, which that file does not
 * contain: a renamed or removed function the docs still describe there. Only lines that cite
 * exactly one code file are read, and only names shaped like code (see CODE_IDENTIFIER).
 * @param {string} text
 * @returns {{ identifier: string, path: string }[]}
 */
export function missingIdentifiers(text) {
  const paths = [...new Set([...text.matchAll(LINE_CODE_PATH)].map((match) => match[1] ?? ""))];
  if (paths.length !== 1) return [];
  const path = paths[0] ?? "";
  const file = join(ROOT, path);
  if (!existsSync(file) || statSync(file).isDirectory()) return [];
  const source = readFileSync(file, "utf8");
  return [...text.matchAll(CODE_IDENTIFIER)]
    .filter(
      ([, name = "", call]) =>
        name.length >= 4 && (call !== undefined || /[a-z][A-Z]|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)),
    )
    .map(([, name = ""]) => name)
    .filter((name) => !new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).test(source))
    .map((identifier) => ({ identifier, path }));
}

/** A reference-style link definition: `[name]: target`. */
const LINK_DEFINITION = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm;

/**
 * The files under `path` (a file or a folder), without build output and dependencies.
 * @param {string} path
 * @returns {string[]}
 */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

/**
 * The text GitHub renders for a heading: no inline code marks, emphasis marks or link targets.
 * @param {string} markdown
 */
function headingText(markdown) {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim();
}

/**
 * GitHub's heading slug (github-slugger): lower case, punctuation dropped, spaces to hyphens.
 * @param {string} text
 */
export function githubSlug(text) {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/**
 * The anchors of a Markdown document's headings, repeated slugs suffixed -1, -2 as GitHub does.
 * @param {string} markdown
 */
export function headingAnchors(markdown) {
  /** @type {Set<string>} */
  const anchors = new Set();
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {string | null} */
  let fence = null;
  for (const line of markdown.split("\n")) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (fence === marker) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = githubSlug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** @type {Map<string, Set<string>>} */
const anchorsByFile = new Map();

/**
 * What is wrong with a reference to `path` (absolute) and `anchor` (without `#`), or null.
 * @param {string} path
 * @param {string | undefined} anchor
 */
function problemWith(path, anchor) {
  if (!path.startsWith(ROOT)) return "outside the repository";
  if (!existsSync(path)) return "no such file";
  if (!anchor || !path.endsWith(".md")) return null;
  let anchors = anchorsByFile.get(path);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(path, "utf8"));
    anchorsByFile.set(path, anchors);
  }
  return anchors.has(anchor) ? null : `no heading makes #${anchor}`;
}

/**
 * The comments of a source file, with the line each starts on.
 * @param {string} file
 * @param {string} text
 */
function commentsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  /** @type {Map<number, string>} */
  const comments = new Map();
  /** @param {ts.CommentRange[] | undefined} ranges */
  const collect = (ranges) => {
    for (const range of ranges ?? []) comments.set(range.pos, text.slice(range.pos, range.end));
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...comments].map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, comment }));
}

/**
 * Trims what ends a sentence or wraps a path from a cited path: `server/app.ts).` -> `server/app.ts`.
 * @param {string} path
 */
const trimmed = (path) => path.replace(/[.,:;)]+$/, "");

/**
 * Every broken reference in one source file's comments, as `file:line: reference (problem)`.
 * @param {string} file
 */
function brokenInCode(file) {
  const text = readFileSync(file, "utf8");
  const where = relative(ROOT, file);
  /** @type {string[]} */
  const broken = [];
  for (const { line, comment: withUrls } of commentsOf(file, text)) {
    // A web address is not a repository path, whatever its path says.
    const comment = withUrls.replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, "");
    /** @type {Set<string>} */
    const checked = new Set();
    /** @param {number | undefined} index the line of the comment's character at `index` */
    const lineAt = (index) => line + (comment.slice(0, index).match(/\n/g)?.length ?? 0);
    for (const match of comment.matchAll(CITED_PATH)) {
      const path = trimmed(match[1] ?? "");
      const after = comment[(match.index ?? 0) + match[0].length];
      // A pattern (`tests/e2e/*.spec.ts`, `app/routes/**`, `docs/decisions/NNN-…`), not a file.
      if (after === "*" || after === "{" || after === "$" || after === "<" || /NNN|XXX/.test(path)) continue;
      checked.add(path);
      const problem = problemWith(join(ROOT, path), match[2]?.slice(1));
      if (problem) broken.push(`${where}:${lineAt(match.index)}: ${path}${match[2] ?? ""} (${problem})`);
    }
    for (const match of comment.matchAll(CITED_MARKDOWN)) {
      const path = match[1] ?? "";
      if (checked.has(path) || !citesDocument(path, match[2])) continue;
      const beside = resolve(dirname(file), path);
      const target = existsSync(beside) ? beside : resolve(ROOT, path);
      const problem = problemWith(target, match[2]?.slice(1));
      if (problem) broken.push(`${where}:${lineAt(match.index)}: ${path}${match[2] ?? ""} (${problem})`);
    }
  }
  return broken;
}

/**
 * Every broken link in one Markdown file, as `file:line: target (problem)`.
 * @param {string} file
 */
function brokenInMarkdown(file) {
  const where = relative(ROOT, file);
  /** @type {string[]} */
  const broken = [];
  /** @type {string | null} */
  let fence = null;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, index) => {
      const marker = /^\s*(```|~~~)/.exec(text)?.[1];
      if (marker) fence = fence === null ? marker : fence === marker ? null : fence;
      if (fence !== null || marker) return;
      for (const match of text.matchAll(CODE_PATH)) {
        const path = match[1] ?? "";
        const problem = problemWith(join(ROOT, path), match[2]?.slice(1));
        if (problem) broken.push(`${where}:${index + 1}: ${path}${match[2] ?? ""} (${problem})`);
      }
      // Decision records describe the code of their day: their names are history, not claims.
      const identifiers = where.startsWith("docs/decisions/") ? [] : missingIdentifiers(text);
      for (const { identifier, path } of identifiers) {
        broken.push(`${where}:${index + 1}: \`${identifier}\` (not in ${path})`);
      }
      // Inline code is text, not a link: `[a](b)` inside backticks is an example.
      const line = text.replace(/`[^`]*`/g, "");
      for (const match of [...line.matchAll(MARKDOWN_LINK), ...line.matchAll(LINK_DEFINITION)]) {
        const target = match[1] ?? "";
        if (target === "" || /^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
        const [pathPart = "", anchor] = target.split("#");
        const path = pathPart === "" ? file : resolve(dirname(file), decodeURIComponent(pathPart));
        const problem = problemWith(path, anchor);
        if (problem) broken.push(`${where}:${index + 1}: ${target} (${problem})`);
      }
    });
  return broken;
}

/** Every broken reference in the repository. */
export function brokenReferences() {
  const files = filesUnder(ROOT);
  return [
    ...files.filter((file) => file.endsWith(".md")).flatMap(brokenInMarkdown),
    ...files.filter((file) => CODE.test(file)).flatMap(brokenInCode),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const broken = brokenReferences();
  if (broken.length > 0) {
    console.error(`✖ ${broken.length} reference(s) to something not in the repository:\n  ${broken.join("\n  ")}`);
    process.exit(1);
  }
  console.log("✔ every link in the docs and every path a comment cites exists");
}
