// `npm run audit:verify`: checks the audit trail's hash chain in the store the environment names
// (REDIS_URL, else AUDIT_DIR; docs/operations.md#audit-trail) and names the first broken entry.
// Exit code 0: the chain holds; 1: it is broken; 2: the store could not be read.
// The embedded store is held by the running panel (one process at a time): the check then reads
// a copy of its directory, which LevelDB opens as after a crash, every entry written so far included.
// A server entry of the build (build/server/audit-verify.js, vite.config.ts): it runs where the
// panel runs, the container included, without TypeScript tooling.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { levelEngine } from "~/audit/level-engine.server";
import { openConfiguredEngine } from "~/audit/trail.server";
import { verifyChain } from "~/audit/verify.server";
import { EnvSchema } from "~/config/env.server";

// Only the store's variables: the check needs no upstream, whatever else the environment holds.
const store = {
  REDIS_URL: EnvSchema.shape.REDIS_URL.parse(process.env.REDIS_URL || undefined),
  AUDIT_DIR: EnvSchema.shape.AUDIT_DIR.parse(process.env.AUDIT_DIR || undefined),
};

async function openForCheck() {
  if (!store.REDIS_URL && !existsSync(path.resolve(store.AUDIT_DIR))) {
    throw new Error(`no audit store at ${path.resolve(store.AUDIT_DIR)} (AUDIT_DIR)`);
  }
  try {
    return { engine: await openConfiguredEngine(store), copy: null };
  } catch (error) {
    if (store.REDIS_URL || (error as { cause?: { code?: string } }).cause?.code !== "LEVEL_LOCKED") throw error;
    const copy = mkdtempSync(path.join(tmpdir(), "audit-verify-"));
    cpSync(path.resolve(store.AUDIT_DIR), copy, {
      recursive: true,
      filter: (source) => path.basename(source) !== "LOCK",
    });
    console.log(`${store.AUDIT_DIR} is in use by the panel: checking a copy of it.`);
    return { engine: await levelEngine(copy), copy };
  }
}

try {
  const where = store.REDIS_URL ? "Redis (REDIS_URL)" : path.resolve(store.AUDIT_DIR);
  const { engine, copy } = await openForCheck();
  try {
    const report = await verifyChain(engine);
    if (report.ok) {
      console.log(
        report.checked === 0
          ? `The audit trail in ${where} is empty.`
          : `The audit trail in ${where} holds: ${report.checked} entries, ${report.from} to ${report.from! + report.checked - 1}, each linked to the one before.`,
      );
    } else {
      console.error(
        `The audit trail in ${where} is broken at entry ${report.broken.seq}: ${report.broken.problem} (${report.checked} entries before it hold).`,
      );
      process.exitCode = 1;
    }
  } finally {
    await engine.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
} catch (error) {
  console.error(`The audit trail could not be read: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
