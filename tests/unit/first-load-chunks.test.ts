import { describe, expect, it } from "vitest";

import { firstLoadChunks } from "../../scripts/vite-first-load-chunks";

// A small app: an admin layout with four screens, a public page, and what each imports.
const APP = "/app";
const CLIENT = "?__react-router-build-client-route";
const ENTRY = "/node_modules/@react-router/dev/entry.client.tsx";
const ROUTES = [
  {
    file: "routes/admin/layout.tsx",
    children: ["a", "b", "c", "d"].map((screen) => ({ file: `routes/admin/${screen}.tsx` })),
  },
  { file: "routes/login.tsx" },
];
const entry = (route: string) => `${APP}/${route}${CLIENT}`;
/** Static imports only: a dialog loaded with import() is not listed, as in rolldown's importedIds. */
const STATIC_IMPORTS: Record<string, string[]> = {
  [ENTRY]: ["/node_modules/react/index.js"],
  [entry("root.tsx")]: ["/app/components/toaster.tsx"],
  [entry("routes/admin/layout.tsx")]: ["/app/routes/admin/layout.tsx"],
  "/app/routes/admin/layout.tsx": ["/app/components/sidebar.tsx"],
  [entry("routes/admin/a.tsx")]: ["/app/components/table.tsx", "/app/components/button.tsx"],
  [entry("routes/admin/b.tsx")]: ["/app/components/table.tsx", "/app/components/button.tsx"],
  [entry("routes/admin/c.tsx")]: ["/app/components/table.tsx", "/app/components/plan-form.tsx"],
  [entry("routes/admin/d.tsx")]: ["/app/components/button.tsx"],
  [entry("routes/login.tsx")]: ["/app/components/button.tsx"],
};

/** The chunk group each module joins (null: rolldown's own chunking), with `minScreens` 3. */
function groupsOf(ids: string[]): Record<string, string | null> {
  const plugin = firstLoadChunks({
    routes: ROUTES,
    layout: "routes/admin/layout.tsx",
    minScreens: 3,
    appDirectory: APP,
  });
  const output: Record<string, unknown> = {};
  const config = { build: { rollupOptions: { input: [ENTRY, entry("root.tsx")], output } } };
  (plugin.configEnvironment as (name: string, config: unknown) => void)("client", config);
  const { groups } = output.codeSplitting as {
    groups: { name: (id: string, graph: unknown) => string | null; priority: number }[];
  };
  const graph = { getModuleInfo: (id: string) => ({ importedIds: STATIC_IMPORTS[id] ?? [] }) };
  const byPriority = [...groups].sort((a, b) => b.priority - a.priority);
  return Object.fromEntries(
    ids.map((id) => [id, byPriority.map((group) => group.name(id, graph)).find(Boolean) ?? null]),
  );
}

describe("firstLoadChunks", () => {
  it("puts what every page loads, and what public pages share with most screens, in the framework chunk", () => {
    expect(
      groupsOf([ENTRY, "/node_modules/react/index.js", "/app/components/toaster.tsx", "/app/components/button.tsx"]),
    ).toEqual({
      [ENTRY]: "framework",
      "/node_modules/react/index.js": "framework",
      "/app/components/toaster.tsx": "framework",
      "/app/components/button.tsx": "framework",
    });
  });

  it("puts the admin layout, its shell and what most screens alone share in the admin chunk", () => {
    expect(
      groupsOf(["/app/routes/admin/layout.tsx", "/app/components/sidebar.tsx", "/app/components/table.tsx"]),
    ).toEqual({
      "/app/routes/admin/layout.tsx": "admin",
      "/app/components/sidebar.tsx": "admin",
      "/app/components/table.tsx": "admin",
    });
  });

  it("leaves a screen's own modules, its route chunk and what is only loaded lazily to rolldown", () => {
    expect(
      groupsOf(["/app/components/plan-form.tsx", entry("routes/admin/a.tsx"), "/app/components/dialog.tsx"]),
    ).toEqual({
      "/app/components/plan-form.tsx": null,
      [entry("routes/admin/a.tsx")]: null,
      "/app/components/dialog.tsx": null,
    });
  });
});
