import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { XMarkIcon } from "@heroicons/react/20/solid";
import { MegaphoneIcon } from "@heroicons/react/24/outline";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { type IconName, OUTLINE_ICONS, SOLID_ICONS, VIEW_BOXES } from "~/components/ui/icon-names";
import { renderIconSprite } from "../../scripts/vite-icon-sprite";

const APP = path.resolve(import.meta.dirname, "../../app");
const LISTS = { solid: SOLID_ICONS, outline: OUTLINE_ICONS };
const sprite = renderIconSprite(LISTS, VIEW_BOXES);
/** Every icon the lists name, as `<Icon name>` spells it. */
const ICON_NAMES: IconName[] = [
  ...SOLID_ICONS.map((name) => `solid-${name}` as const),
  ...OUTLINE_ICONS.map((name) => `outline-${name}` as const),
];

/** Each `<symbol>` of the sprite by id: its attributes and what it holds. */
const symbols = new Map(
  [...sprite.source.matchAll(/<symbol id="([^"]+)" viewBox="([^"]+)">(.*?)<\/symbol>/g)].map(
    ([, id, viewBox, content]) => [id!, { viewBox: viewBox!, content: content! }],
  ),
);

/** Every icon name written in the app's source: the `"solid-…"` and `"outline-…"` string literals. */
function iconNamesInApp(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(APP, { recursive: true }).map(String)) {
    if (!/\.tsx?$/.test(file) || file.endsWith("icon-names.ts")) continue;
    const source = readFileSync(path.join(APP, file), "utf8");
    for (const [, name] of source.matchAll(/["'`]((?:solid|outline)-[a-z0-9-]+)["'`]/g)) names.add(name!);
  }
  return names;
}

/** The markup inside a Heroicons component's root `<svg>`. */
function heroiconPaths(component: Parameters<typeof createElement>[0]): string {
  return renderToStaticMarkup(createElement(component))
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "");
}

describe("icon sprite", () => {
  it("has a symbol for every icon name the app uses, and none it does not use", () => {
    const used = iconNamesInApp();
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !symbols.has(name))).toEqual([]);
    expect([...symbols.keys()].filter((name) => !used.has(name))).toEqual([]);
    expect([...symbols.keys()].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("draws 20/solid icons filled with the text colour in a 20 px box", () => {
    const solid = [...symbols].filter(([id]) => id.startsWith("solid-"));
    expect(solid.length).toBeGreaterThan(0);
    for (const [id, symbol] of solid) {
      expect(symbol.viewBox, id).toBe("0 0 20 20");
      expect(symbol.content, id).toMatch(/^<g fill="currentColor"><path [^>]*d="/);
      expect(symbol.content, id).not.toContain("stroke");
    }
  });

  it("draws 24/outline icons as 1.5 px strokes in the text colour, unfilled, in a 24 px box", () => {
    const outline = [...symbols].filter(([id]) => id.startsWith("outline-"));
    expect(outline.length).toBeGreaterThan(0);
    for (const [id, symbol] of outline) {
      expect(symbol.viewBox, id).toBe("0 0 24 24");
      expect(symbol.content, id).toMatch(/^<g fill="none" stroke="currentColor" stroke-width="1.5"><path /);
    }
  });

  it("refuses an icon Heroicons does not have, or a set's viewBox that is not Heroicons' own", () => {
    expect(() => renderIconSprite({ solid: ["no-such-thing"], outline: [] }, VIEW_BOXES)).toThrow(
      "@heroicons/react/20/solid has no NoSuchThingIcon",
    );
    expect(() => renderIconSprite({ solid: [], outline: ["home"] }, { ...VIEW_BOXES, outline: "0 0 20 20" })).toThrow(
      "viewBox 0 0 24 24",
    );
  });

  it("keeps the installed Heroicons' paths as they are", () => {
    expect(symbols.get("solid-x-mark")?.content).toBe(`<g fill="currentColor">${heroiconPaths(XMarkIcon)}</g>`);
    expect(symbols.get("outline-megaphone")?.content).toBe(
      `<g fill="none" stroke="currentColor" stroke-width="1.5">${heroiconPaths(MegaphoneIcon)}</g>`,
    );
  });

  it("is one SVG document named after a hash of its content, under the build's assets", () => {
    expect(sprite.source).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol /);
    expect(sprite.fileName).toMatch(/^assets\/icons-[\w-]{8}\.svg$/);
    expect(renderIconSprite(LISTS, VIEW_BOXES).fileName).toBe(sprite.fileName);
    const fewer = renderIconSprite({ solid: SOLID_ICONS.slice(1), outline: OUTLINE_ICONS }, VIEW_BOXES);
    expect(fewer.fileName).not.toBe(sprite.fileName);
  });
});
