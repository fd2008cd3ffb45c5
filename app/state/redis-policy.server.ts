import type { Redis } from "ioredis";

import type { Env } from "~/config/env.server";
import { logLine } from "~/lib/log.server";

import { sharedRedis } from "~/state/redis.server";

// The Redis that REDIS_URL names must keep what the panel writes (docs/decisions/062-records-in-a-redis-that-keeps-them.md):
// the audit trail has no TTL, and the revocations, sessions and limits that have one must not be
// evicted before it either. server.js refuses to start on any other maxmemory-policy than noeviction,
// and every instance watches the memory it uses against maxmemory (docs/operations.md#the-redis-the-panel-needs).

/** The one policy that evicts nothing: at maxmemory, writes fail (and say so) instead. */
const KEEPS_EVERYTHING = "noeviction";
/** Memory used over maxmemory above which each instance logs a warning. */
const MEMORY_WARNING_RATIO = 0.8;
/** How often a running instance looks at Redis's memory and policy again. */
const WATCH_EVERY_MS = 60_000;
/** The longest the boot waits for Redis's answer; then it starts without it, with a warning. */
const BOOT_CHECK_MS = 5_000;

/** What Redis says of its memory: the eviction policy, the bytes it uses and its maxmemory (0: none). */
interface RedisMemory {
  policy: string;
  usedMemory: number;
  maxMemory: number;
}

/** Reads `INFO memory`'s `field:value` lines; undefined when the policy is not among them. */
function readMemoryInfo(info: string): RedisMemory | undefined {
  const fields = new Map(
    info.split(/\r?\n/).flatMap((line) => {
      const colon = line.indexOf(":");
      return colon > 0 && !line.startsWith("#") ? [[line.slice(0, colon), line.slice(colon + 1).trim()] as const] : [];
    }),
  );
  const policy = fields.get("maxmemory_policy");
  if (!policy) return undefined;
  return {
    policy,
    usedMemory: Number(fields.get("used_memory") ?? 0),
    maxMemory: Number(fields.get("maxmemory") ?? 0),
  };
}

/**
 * Why the panel must not run on a Redis with this policy, for the operator; undefined for
 * noeviction. `allkeys-*` evict the audit trail itself; `volatile-*` evict every record with a TTL
 * (the limits' counters and waits, revoked sessions, session records, one-time keys, claims,
 * batches), so a flood of new counters, or the trail's own growth, erases them silently.
 */
function evictionProblem(policy: string): string | undefined {
  if (policy === KEEPS_EVERYTHING) return undefined;
  const evicts = policy.startsWith("allkeys-")
    ? "evicts any key when memory fills, the audit trail's entries included"
    : policy.startsWith("volatile-")
      ? "evicts the keys that have a TTL when memory fills: rate-limit counters and waits, revoked sessions, session records, one-time keys, queue claims and bulk batches, so a flood of new counters, or the audit trail's growth, erases the limits and revocations"
      : "may evict keys when memory fills";
  return `the Redis that REDIS_URL names has maxmemory-policy ${policy}, which ${evicts}; set maxmemory-policy noeviction (redis-cli CONFIG SET maxmemory-policy noeviction, and in redis.conf or the managed service's parameters; see docs/operations.md#the-redis-the-panel-needs)`;
}

/** What the policy must be, for the warning when it cannot be read. */
const MUST_BE =
  "it must be noeviction, or a flood of new keys evicts the rate limits and revocations, or the audit trail (docs/operations.md#the-redis-the-panel-needs)";

/** Redis's memory and policy: `INFO memory` (allowed where managed services rename CONFIG), else `CONFIG GET`. */
async function memoryOf(redis: Redis): Promise<RedisMemory> {
  let infoError: unknown;
  try {
    const memory = readMemoryInfo(await redis.info("memory"));
    if (memory) return memory;
  } catch (error) {
    infoError = error;
  }
  try {
    const [, policy] = (await redis.config("GET", "maxmemory-policy")) as string[];
    const [, maxMemory] = (await redis.config("GET", "maxmemory")) as string[];
    if (policy) return { policy, usedMemory: 0, maxMemory: Number(maxMemory ?? 0) };
    throw new Error("CONFIG GET maxmemory-policy answered nothing");
  } catch (error) {
    throw new Error(`INFO memory: ${errorText(infoError ?? "no maxmemory_policy")}; CONFIG GET: ${errorText(error)}`);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Watches the memory one instance sees: a warning above MEMORY_WARNING_RATIO of maxmemory, and one line back below it. */
function memoryWatcher() {
  let above = false;
  let policySeen: string | undefined;
  return (memory: RedisMemory, when: "boot" | "watch") => {
    if (when === "watch" && memory.policy !== policySeen) {
      const problem = evictionProblem(memory.policy);
      // A running instance cannot refuse to start any more: it says so as loudly as it can.
      if (problem) logLine("error", `redis may evict the panel's records: ${problem}`);
    }
    policySeen = memory.policy;
    if (memory.maxMemory <= 0) return;
    const ratio = memory.usedMemory / memory.maxMemory;
    const fields = {
      usedMemory: memory.usedMemory,
      maxMemory: memory.maxMemory,
      percent: Math.round(ratio * 1000) / 10,
    };
    if (ratio >= MEMORY_WARNING_RATIO && !above) {
      logLine(
        "warn",
        `redis memory above ${MEMORY_WARNING_RATIO * 100}% of maxmemory: at maxmemory every write fails (new limits' counts, revocations, sessions, audit entries); raise maxmemory or find what fills it`,
        fields,
      );
    } else if (ratio < MEMORY_WARNING_RATIO && above) {
      logLine("info", `redis memory below ${MEMORY_WARNING_RATIO * 100}% of maxmemory again`, fields);
    }
    above = ratio >= MEMORY_WARNING_RATIO;
  };
}

/**
 * At boot (server.js), when REDIS_URL is set: the line to refuse to start with when the Redis may
 * evict what the panel keeps, else undefined. A policy it cannot read (Redis unreachable, INFO and
 * CONFIG refused) is a warning, not a refusal: readiness never depends on Redis (decision 018).
 * From then on the instance looks again every minute.
 */
export async function checkRedisAtBoot(env: Pick<Env, "REDIS_URL">): Promise<string | undefined> {
  if (!env.REDIS_URL) return undefined;
  const redis = sharedRedis();
  if (!redis) return undefined;
  const watch = memoryWatcher();
  try {
    let limit: NodeJS.Timeout | undefined;
    const memory = await Promise.race([
      memoryOf(redis),
      new Promise<never>((_resolve, reject) => {
        limit = setTimeout(() => reject(new Error(`no answer within ${BOOT_CHECK_MS / 1000} s`)), BOOT_CHECK_MS);
      }),
    ]).finally(() => clearTimeout(limit));
    const problem = evictionProblem(memory.policy);
    if (problem) return `Invalid configuration: ${problem}`;
    if (memory.maxMemory <= 0) {
      logLine(
        "warn",
        "redis has no maxmemory: it grows until its host or container runs out of memory, and nothing warns before; set a maxmemory well under that limit (docs/operations.md#the-redis-the-panel-needs)",
      );
    }
    watch(memory, "boot");
  } catch (error) {
    logLine("warn", `redis maxmemory-policy could not be checked: ${MUST_BE}`, { error: errorText(error) });
  }
  setInterval(() => {
    memoryOf(redis).then(
      (memory) => watch(memory, "watch"),
      // Redis away: the shared client's own warning says so; the next look may succeed.
      () => undefined,
    );
  }, WATCH_EVERY_MS).unref();
  return undefined;
}
