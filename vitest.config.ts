import { defineConfig } from "vitest/config";

import { iconSprite } from "./scripts/vite-icon-sprite.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Components import the icon sprite's URL (app/components/ui/icon.tsx), as in the build.
  plugins: [iconSprite()],
  test: {
    projects: [
      {
        extends: true,
        // Pure code in Node; a component test (*.test.tsx) names its DOM in its first line:
        // `// @vitest-environment happy-dom`.
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own servers, which mostly wait on each other: three files at a time
          // keep two cores busy (measured on six files: 25.6 s with two, 17.3 s with three or four).
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
