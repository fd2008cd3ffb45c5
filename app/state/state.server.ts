import path from "node:path";

import { env } from "~/config/env.server";
import { sharedRedis } from "~/state/redis.server";
import type { StateEngine } from "~/state/engine";
import { levelStateEngine } from "~/state/level-engine.server";
import { redisStateEngine } from "~/state/redis-engine.server";

// Kept on globalThis: under `npm run dev` Vite evaluates this module again after an edit, and the
// embedded engine's directory is held by the first copy (one process holds a LevelDB).
const held = globalThis as { panelStateEngine?: Promise<StateEngine> };

/**
 * The process's state engine, opened on first use: Redis when REDIS_URL is set (every instance
 * sees the same), else the embedded engine in STATE_DIR (decision 064).
 */
export function theStateEngine(): Promise<StateEngine> {
  held.panelStateEngine ??= open().catch((error: unknown) => {
    held.panelStateEngine = undefined;
    throw error;
  });
  return held.panelStateEngine;
}

/** Puts `engine` in place of the configured one (the stores' tests run one engine after the other). */
export function provideStateEngine(engine: StateEngine): void {
  held.panelStateEngine = Promise.resolve(engine);
}

async function open(): Promise<StateEngine> {
  const redis = sharedRedis();
  return redis ? redisStateEngine(redis) : levelStateEngine(path.resolve(env().STATE_DIR));
}

/** At shutdown (server.js, once the last request is answered): closes the engine. */
export async function closeTheStateEngine(): Promise<void> {
  const engine = held.panelStateEngine;
  held.panelStateEngine = undefined;
  if (engine) await (await engine.catch(() => undefined))?.close();
}
