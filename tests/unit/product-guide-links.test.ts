// Comments and docs point into the product guide as `docs/product.md#<anchor>`. An anchor that
// no heading produces leads nowhere on GitHub, so every such link must match a heading's slug.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

import { describe, expect, it } from "vitest";

import { githubSlug, headingAnchors, missingIdentifiers } from "../../scripts/check-links.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const GUIDE = join(ROOT, "docs", "product.md");
const SCANNED = ["app", "server", "demo-api", "tests", "scripts", "docs", "README.md"];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|md)$/;
const SKIPPED_DIRS = new Set(["node_modules", "build", ".react-router", "test-results", "playwright-report"]);

/** A link to a guide anchor: `docs/product.md#users-list` in code, a relative path in the docs. */
const GUIDE_LINK = /product\.md#([\w-]+)/g;
/** A same-page link inside the guide: `](#users-list)`. */
const LOCAL_LINK = /\]\(#([\w-]+)\)/g;

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return EXTENSIONS.test(path) ? [path] : [];
  return readdirSync(path)
    .filter((name) => !SKIPPED_DIRS.has(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

/** Every guide link in the scanned files, as `file:line -> anchor`. */
function guideLinks(): { where: string; anchor: string }[] {
  const links: { where: string; anchor: string }[] = [];
  for (const file of SCANNED.flatMap((entry) => filesUnder(join(ROOT, entry)))) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, index) => {
      for (const match of line.matchAll(GUIDE_LINK)) {
        links.push({ where: `${relative(ROOT, file)}:${index + 1}`, anchor: match[1]! });
      }
    });
  }
  return links;
}

describe("links into docs/product.md", () => {
  const guide = readFileSync(GUIDE, "utf8");
  const anchors = headingAnchors(guide);

  it("slugs headings the way GitHub does", () => {
    expect(githubSlug("Tables, search and paging")).toBe("tables-search-and-paging");
    expect(githubSlug("User menu and sign-out")).toBe("user-menu-and-sign-out");
    expect(githubSlug("The `user` cookie")).toBe("the-user-cookie");
    expect(githubSlug("Sign-in")).toBe("sign-in");
    expect([...headingAnchors("# A\n## A\n```\n# B\n```\n")]).toEqual(["a", "a-1"]);
  });

  it("finds the links it checks", () => {
    expect(guideLinks().length).toBeGreaterThan(50);
  });

  it("points every docs/product.md link in code, tests and docs at an existing heading", () => {
    const broken = guideLinks()
      .filter(({ anchor }) => !anchors.has(anchor))
      .map(({ where, anchor }) => `${where} -> #${anchor}`);
    expect(broken).toEqual([]);
  });

  it("points every same-page link of the guide at an existing heading", () => {
    const broken = [...guide.matchAll(LOCAL_LINK)].map((match) => match[1]!).filter((anchor) => !anchors.has(anchor));
    expect(broken).toEqual([]);
  });
});

describe("names the docs give beside a file (the link check)", () => {
  it("finds a name the file holds, and flags one it no longer does", () => {
    const line = "The core (`app/recipe/outcome.server.ts`, `applyAction`) and `noSuchFunction(...)`.";
    expect(missingIdentifiers(line)).toEqual([{ identifier: "noSuchFunction", path: "app/recipe/outcome.server.ts" }]);
  });

  it("reads only lines that cite one code file, and only names shaped like code", () => {
    expect(missingIdentifiers("`someName()` in `app/recipe/outcome.server.ts` and `server/app.ts`")).toEqual([]);
    expect(missingIdentifiers("the `user` cookie, `app/recipe/outcome.server.ts`")).toEqual([]);
  });
});
