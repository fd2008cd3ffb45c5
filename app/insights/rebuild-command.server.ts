// `npm run insights:rebuild`: writes the daily roll-ups of /insights (the state family `insights`,
// docs/operations.md#the-panels-state) again from the audit trail, for the last KEPT_DAYS days, in
// the stores the environment names (REDIS_URL, else AUDIT_DIR and STATE_DIR). Run it after the
// roll-ups were lost or missed entries (a warning `audit entry written, but not counted in the
// insights roll-ups`), or after APP_TIMEZONE changed (days are counted in that zone).
// The embedded stores are held by a running panel (one process at a time): stop it first. On
// Redis it runs beside the panels; an entry written while it runs may be counted or not, so run it
// again when it matters.
// Exit code 0: written; 2: a store could not be opened or read.
// A server entry of the build (build/server/insights-rebuild.js, vite.config.ts), like audit:verify.
import path from "node:path";

import { Redis } from "ioredis";

import { openConfiguredEngine } from "~/audit/trail.server";
import { EnvSchema } from "~/config/env.server";
import { KEPT_DAYS } from "~/insights/rollup";
import { rollupStore } from "~/insights/rollup-store.server";
import type { StateEngine } from "~/state/engine";
import { levelStateEngine } from "~/state/level-engine.server";
import { redisStateEngine } from "~/state/redis-engine.server";

async function rebuild() {
  // Only the stores' variables and the time zone: the rebuild needs no upstream.
  const { shape } = EnvSchema;
  const given = (name: string) => process.env[name] || undefined;
  const store = {
    REDIS_URL: shape.REDIS_URL.parse(given("REDIS_URL")),
    AUDIT_DIR: shape.AUDIT_DIR.parse(given("AUDIT_DIR")),
    STATE_DIR: shape.STATE_DIR.parse(given("STATE_DIR")),
    APP_TIMEZONE: shape.APP_TIMEZONE.parse(given("APP_TIMEZONE")),
  };
  const redis = store.REDIS_URL ? new Redis(store.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const trail = await openConfiguredEngine(store);
  let state: StateEngine | undefined;
  try {
    state = redis ? redisStateEngine(redis) : await levelStateEngine(path.resolve(store.STATE_DIR));
    const opened = state;
    const written = await rollupStore(async () => opened).rebuild(trail, store.APP_TIMEZONE);
    console.log(
      `The insights roll-ups of the last ${KEPT_DAYS} days (in ${store.APP_TIMEZONE}) were written again from the audit trail: ${written} days with entries.`,
    );
  } finally {
    await state?.close();
    await trail.close();
    redis?.disconnect();
  }
}

try {
  await rebuild();
} catch (error) {
  const locked = (error as { cause?: { code?: string } }).cause?.code === "LEVEL_LOCKED";
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `The insights roll-ups were not rebuilt: ${locked ? "a running panel holds the embedded store; stop it first" : message}`,
  );
  process.exitCode = 2;
}
