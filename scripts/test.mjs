// `npm test`: typecheck, build, unit and integration tests (Vitest), then the end-to-end
// tests (Playwright, projects js and no-js) against the built panel and the demo API.
import { spawnSync } from "node:child_process";

import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePackages } from "./ensure-packages.mjs";

const chromiumPath = await ensureChromium();
// redis-server and haproxy for the multi-instance test; when they cannot be had it is skipped and says why.
const missingPackages = ensurePackages();
if (missingPackages.length > 0)
  console.log(
    `⚠ ${missingPackages.join(" and ")} not installed: tests/integration/scale-out.test.ts skips its multi-instance tests (apt-get install ${missingPackages.join(" ")}).`,
  );

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["build", "npm", ["run", "build"]],
  ["bundle-size check", "npm", ["run", "size"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: chromiumPath },
  });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all checks passed");
