// The product guide's "Differences from the old spec" lists what the panel does otherwise on
// purpose. Each entry that rests on a decision links to it, and the texts it quotes are the ones
// the code shows, so the list cannot drift from the product.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { describe, expect, it } from "vitest";

import { fileTypeMessage, TIER_IMAGE_ACCEPT } from "~/lib/upload-rules";

const GUIDE = join(import.meta.dirname, "..", "..", "docs", "product.md");

/** The section's text, from its heading to the next heading of the same level or the end. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/product.md has no "## ${heading}"`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The section's entries, one per list item, with their line breaks joined. */
function entries(text: string): string[] {
  return text
    .split(/\n- /)
    .slice(1)
    .map((entry) => entry.replace(/\s*\n\s*/g, " ").trim());
}

const differences = section(readFileSync(GUIDE, "utf8"), "Differences from the old spec");

/** The one entry that mentions `topic`. */
function entryAbout(topic: RegExp): string {
  const found = entries(differences).filter((entry) => topic.test(entry));
  expect(found, `one entry about ${topic}`).toHaveLength(1);
  return found[0]!;
}

describe("the product guide's differences from the old spec", () => {
  it("keeps the announcements search box", () => {
    expect(entryAbout(/Announcements has a search box/)).toMatch(/without a box no admin could set it/);
  });

  it("names decision 011 for passwords without a show/hide toggle when JavaScript is off", () => {
    expect(entryAbout(/show\/hide toggle/)).toContain("[Decision 011](decisions/011-real-password-fields.md)");
  });

  it("names decision 024 for the one time zone of dates", () => {
    expect(entryAbout(/one time zone/)).toContain("[Decision 024](decisions/024-one-time-zone-for-dates.md)");
  });

  it("quotes the message that refuses an SVG tier image, as the code words it", () => {
    const entry = entryAbout(/SVG/);
    expect(entry).toContain(`'${fileTypeMessage(TIER_IMAGE_ACCEPT)}'`);
  });

  it("links only to files that exist", () => {
    const links = [...differences.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(existsSync(join(dirname(GUIDE), link)), link).toBe(true);
  });
});
