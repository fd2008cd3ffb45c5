import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";

import * as outline from "@heroicons/react/24/outline";
import * as solid from "@heroicons/react/20/solid";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type Plugin, runnerImport } from "vite";

import type * as IconNames from "../app/components/ui/icon-names.ts";

/** The module the app imports for the sprite's URL (app/components/ui/icon.tsx). */
const VIRTUAL_ID = "virtual:icon-sprite";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The list of the icons the panel uses, by set. */
const NAMES_FILE = fileURLToPath(new URL("../app/components/ui/icon-names.ts", import.meta.url));

/** The two Heroicons sets (decision 023) and their components. */
const ICON_SETS = {
  solid: { module: "@heroicons/react/20/solid", components: solid as Record<string, unknown> },
  outline: { module: "@heroicons/react/24/outline", components: outline as Record<string, unknown> },
};

type IconSet = keyof typeof ICON_SETS;

/** The icons to draw, by set (the lists of icon-names.ts). */
export type IconLists = Record<IconSet, readonly string[]>;

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
function symbolOf(set: IconSet, name: string, viewBoxes: Record<IconSet, string>): string {
  const component = ICON_SETS[set].components[componentName(name)] as ComponentType | undefined;
  if (!component) throw new Error(`${ICON_SETS[set].module} has no ${componentName(name)} (icon "${name}")`);
  const markup = renderToStaticMarkup(createElement(component));
  const viewBox = rootAttribute(markup, "viewBox");
  // icon.tsx gives the outer <svg> its set's viewBox without loading Heroicons: they must agree.
  if (viewBox !== viewBoxes[set]) throw new Error(`${name} of ${set} has viewBox ${viewBox}, not ${viewBoxes[set]}`);
  const paint = ["fill", "stroke", "stroke-width"]
    .map((attribute) => [attribute, rootAttribute(markup, attribute)] as const)
    .filter(([, value]) => value !== undefined)
    .map(([attribute, value]) => ` ${attribute}="${value}"`)
    .join("");
  const content = markup.replace(/^<svg\b[^>]*>/, "").replace(/<\/svg>$/, "");
  return `<symbol id="${set}-${name}" viewBox="${viewBox}"><g${paint}>${content}</g></symbol>`;
}

/** The sprite of `lists`: one symbol per icon, with ids `solid-<name>` and `outline-<name>`. */
export function renderIconSprite(lists: IconLists, viewBoxes: Record<IconSet, string>): IconSprite {
  const symbols = (Object.keys(ICON_SETS) as IconSet[]).flatMap((set) =>
    lists[set].map((name) => symbolOf(set, name, viewBoxes)),
  );
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  return { source, fileName: `assets/icons-${hash}.svg` };
}

/**
 * Reads icon-names.ts afresh. Through Vite's module runner, not an import of this module: an
 * import would make it a dependency of vite.config.ts, and Vite restarts the whole dev server
 * (which `npm run dev` cannot follow) whenever a config dependency changes.
 */
async function loadIconSprite(): Promise<IconSprite> {
  const { module } = await runnerImport<typeof IconNames>(NAMES_FILE);
  return renderIconSprite({ solid: module.SOLID_ICONS, outline: module.OUTLINE_ICONS }, module.VIEW_BOXES);
}

/**
 * The icon sprite (decision 025), generated from the installed @heroicons/react at build time:
 * `virtual:icon-sprite` exports its URL; the client build writes it under build/client/assets
 * (hashed, so the server caches it forever and precompress() compresses it), and the dev server
 * answers it itself, anew whenever icon-names.ts changes.
 */
export function iconSprite(): Plugin {
  let base = "/";
  let latest: Promise<IconSprite> | undefined;
  // In development, every sprite generated so far: a page rendered before an edit still finds its own.
  const served = new Map<string, string>();
  return {
    name: "panel:icon-sprite",
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // Vite reloads this module, and the modules that import it, when the list changes.
      this.addWatchFile(NAMES_FILE);
      const sprite = await (this.environment.mode === "dev" ? loadIconSprite() : (latest ??= loadIconSprite()));
      served.set(`${base}${sprite.fileName}`, sprite.source);
      return `export default ${JSON.stringify(`${base}${sprite.fileName}`)};`;
    },
    async generateBundle() {
      // The server build imports the same URL; only the browser's build ships the file.
      if (this.environment.name !== "client" || !latest) return;
      const { fileName, source } = await latest;
      this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = served.get(req.url?.split("?")[0] ?? "");
        if (source === undefined) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cache-Control", "no-cache");
        res.end(source);
      });
    },
  };
}
