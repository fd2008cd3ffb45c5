import { createHash } from "node:crypto";

import * as outline from "@heroicons/react/24/outline";
import * as solid from "@heroicons/react/20/solid";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";

import { type IconName, OUTLINE_ICONS, SOLID_ICONS, VIEW_BOXES } from "../app/components/ui/icon-names.ts";

/** The module the app imports for the sprite's URL (app/components/ui/icon.tsx). */
const VIRTUAL_ID = "virtual:icon-sprite";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The two Heroicons sets (decision 023): their components and the icons the panel takes from each. */
const ICON_SETS = {
  solid: { module: "@heroicons/react/20/solid", components: solid as Record<string, unknown>, names: SOLID_ICONS },
  outline: {
    module: "@heroicons/react/24/outline",
    components: outline as Record<string, unknown>,
    names: OUTLINE_ICONS,
  },
} as const;

type IconSet = keyof typeof ICON_SETS;

/** Every symbol id of the sprite, as `Icon` names them. */
export const ICON_NAMES: readonly IconName[] = [
  ...SOLID_ICONS.map((name) => `solid-${name}` as const),
  ...OUTLINE_ICONS.map((name) => `outline-${name}` as const),
];

/** The sprite's file and where the app finds it. */
export interface IconSprite {
  /** The SVG document: one `<symbol id>` per icon. */
  source: string;
  /** Path under the build's client directory: `assets/icons-<content hash>.svg`. */
  fileName: string;
}

/** "arrow-right-start-on-rectangle" → "ArrowRightStartOnRectangleIcon", Heroicons' export name. */
function componentName(name: string): string {
  return `${name
    .split("-")
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("")}Icon`;
}

/** The value of `attribute` on the root `<svg>` of `markup`. */
function rootAttribute(markup: string, attribute: string): string | undefined {
  const root = /^<svg\b[^>]*>/.exec(markup)?.[0] ?? "";
  return new RegExp(`\\s${attribute}="([^"]*)"`).exec(root)?.[1];
}

/**
 * One icon as a `<symbol>`: the installed Heroicons component rendered to markup, its paths kept
 * as they are, and its root's painting attributes (fill, stroke, stroke-width) moved onto a `<g>`
 * around them, which the symbol's content inherits wherever it is used.
 */
function symbolOf(set: IconSet, name: string): string {
  const component = ICON_SETS[set].components[componentName(name)] as ComponentType | undefined;
  if (!component) throw new Error(`${ICON_SETS[set].module} has no ${componentName(name)} (icon "${name}")`);
  const markup = renderToStaticMarkup(createElement(component));
  const viewBox = rootAttribute(markup, "viewBox");
  if (viewBox !== VIEW_BOXES[set]) throw new Error(`${name} of ${set} has viewBox ${viewBox}`);
  const paint = ["fill", "stroke", "stroke-width"]
    .map((attribute) => [attribute, rootAttribute(markup, attribute)] as const)
    .filter(([, value]) => value !== undefined)
    .map(([attribute, value]) => ` ${attribute}="${value}"`)
    .join("");
  const content = markup.replace(/^<svg\b[^>]*>/, "").replace(/<\/svg>$/, "");
  return `<symbol id="${set}-${name}" viewBox="${viewBox}"><g${paint}>${content}</g></symbol>`;
}

/** Builds the sprite of every icon in app/components/ui/icon-names.ts. */
export function buildIconSprite(): IconSprite {
  const symbols = (Object.keys(ICON_SETS) as IconSet[]).flatMap((set) =>
    (ICON_SETS[set].names as readonly string[]).map((name) => symbolOf(set, name)),
  );
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  return { source, fileName: `assets/icons-${hash}.svg` };
}

/**
 * The icon sprite (decision 025), generated from the installed @heroicons/react at build time:
 * `virtual:icon-sprite` exports its URL; the client build writes it under build/client/assets
 * (hashed, so the server caches it forever and precompress() compresses it), and the dev server
 * answers it itself.
 */
export function iconSprite(): Plugin {
  let base = "/";
  let sprite: IconSprite | undefined;
  const current = () => (sprite ??= buildIconSprite());
  return {
    name: "panel:icon-sprite",
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return `export default ${JSON.stringify(`${base}${current().fileName}`)};`;
    },
    generateBundle() {
      // The server build imports the same URL; only the browser's build ships the file.
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: current().fileName, source: current().source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const { fileName, source } = current();
        if (req.url?.split("?")[0] !== `${base}${fileName}`) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.setHeader("Cache-Control", "no-cache");
        res.end(source);
      });
    },
  };
}
