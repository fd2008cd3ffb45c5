import { resolve } from "node:path";

import type { Plugin } from "vite";

/** The query React Router adds to a route module's client entry. */
const CLIENT_ROUTE = "?__react-router-build-client-route";

/** A route of app/routes.ts, as much as this plugin reads of it. */
interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** What rolldown's chunking context tells of a module. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, directly or through others, `from` included. */
function staticClosure(graph: ModuleGraph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const routeFiles = (routes: readonly RouteEntry[]): string[] =>
  routes.flatMap((route) => [route.file, ...routeFiles(route.children ?? [])]);

/** Options of firstLoadChunks. */
export interface FirstLoadChunksOptions {
  /** The route table (app/routes.ts). */
  routes: readonly RouteEntry[];
  /** The layout route whose screens share the `admin` chunk, as written in the route table. */
  layout: string;
  /** How many of the layout's screens must load a module for it to join a shared chunk. */
  minScreens: number;
  /** The app directory (React Router's `appDirectory`). */
  appDirectory?: string;
}

/**
 * Packs what a first visit loads into few chunks (decision 028). Rolldown's automatic chunking
 * gives every module shared by two entries its own chunk, so an admin screen loaded some 24 files of
 * 0.1 to 3 KB, each compressed on its own. Two groups replace most of them:
 * - `framework`: what every page loads (React, React Router, the client entry, the root route)
 *   and the app modules that public pages and most admin screens both load (button, field, icon);
 * - `admin`: the admin layout with the shell and the modules most of its screens load
 *   (the data table, search filters, badges), which no public page loads.
 * A screen's own modules stay in its route chunk, and what loads lazily (dialogs, zod and the form
 * schemas, decision 026) stays out of both groups: only static imports are followed.
 */
export function firstLoadChunks({ routes, layout, minScreens, appDirectory = "app" }: FirstLoadChunksOptions): Plugin {
  const file = (route: string) => resolve(appDirectory, route);
  const layoutRoute = routes.find((route) => route.file === layout);
  if (!layoutRoute) throw new Error(`firstLoadChunks: no route ${layout} in the route table`);
  const screens = routeFiles(layoutRoute.children ?? []).map(file);
  const otherRoutes = routeFiles(routes.filter((route) => route !== layoutRoute)).map(file);
  const routeModules = new Set([file(layout), file("root.tsx"), ...screens, ...otherRoutes]);

  let clientEntry: string[] = [];
  /** Module id → the group it joins; worked out once, on the first call of a group's `name`. */
  let groups: Map<string, string> | undefined;
  const classify = (graph: ModuleGraph) => {
    const entries = (files: readonly string[]) => files.map((route) => `${route}${CLIENT_ROUTE}`);
    const everyPage = staticClosure(graph, [...clientEntry, ...entries([file("root.tsx")])]);
    const publicPages = staticClosure(graph, entries(otherRoutes));
    const screensLoading = new Map<string, number>();
    for (const screen of screens) {
      for (const id of staticClosure(graph, entries([file(layout), screen]))) {
        screensLoading.set(id, (screensLoading.get(id) ?? 0) + 1);
      }
    }

    const result = new Map<string, string>();
    for (const id of everyPage) result.set(id, "framework");
    for (const [id, count] of screensLoading) {
      if (result.has(id) || id.endsWith(CLIENT_ROUTE) || id.includes("/node_modules/")) continue;
      const [path = id] = id.split("?");
      if (path === file(layout)) result.set(id, "admin");
      else if (routeModules.has(path) || count < minScreens) continue;
      else result.set(id, publicPages.has(id) ? "framework" : "admin");
    }
    return result;
  };

  return {
    name: "panel:first-load-chunks",
    apply: "build",
    enforce: "post",
    configEnvironment(name, config) {
      if (name !== "client") return;
      const output = config.build?.rollupOptions?.output;
      if (!output || Array.isArray(output)) return;
      // React Router's client entry: the one input that is not a route module.
      const input = config.build?.rollupOptions?.input;
      clientEntry = (Array.isArray(input) ? input : []).filter((id) => !id.includes("?"));
      if (clientEntry.length !== 1) throw new Error("firstLoadChunks: React Router's client entry not found");
      // One group per chunk, `framework` first: a group takes its modules' static imports too, and
      // those the framework holds must stay there.
      const group = (name: string, priority: number) => ({
        name: (id: string, graph: ModuleGraph) => {
          return (groups ??= classify(graph)).get(id) === name ? name : null;
        },
        priority,
      });
      Object.assign(output, { codeSplitting: { groups: [group("framework", 2), group("admin", 1)] } });
    },
  };
}
