/**
 * The citizenship queue's shared state (docs/product.md#citizenship-queue, decision 056): who is
 * reviewing which request (claims), who decided it and when, how many the panel decided each day,
 * what each admin skipped, and when the panel first saw each pending request. In memory by default,
 * in Redis (REDIS_URL) when several instances run, so they all see the same claims.
 *
 * Every id kept here is one the upstream listed as pending (the queue checks before it claims), so
 * strangers cannot grow it; each record expires.
 */
import type { Redis } from "ioredis";

import { processStore } from "~/state/redis.server";

/** A live claim: who holds it, since when and until when (epoch milliseconds). */
export interface Claim {
  admin: string;
  since: number;
  until: number;
}

/** A decision the panel made on a request: who, which, when it was sent, and when the upstream answered. */
export interface DecisionRecord {
  admin: string;
  decision: "approve" | "reject";
  at: number;
  /** When its call ended (accepted, or no answer in time); unset while it is in flight. */
  doneAt?: number;
}

/** The queue's state, the same in memory and in Redis (tests/unit/claims.test.ts runs the same cases on both). */
export interface ClaimStore {
  /** Claims `id` for `admin` for `ttlMs` unless another admin holds it; answers the claim that holds it now. */
  claim(id: string, admin: string, ttlMs: number): Promise<Claim>;
  /** Takes `id` over for `admin` whoever holds it (an explicit "Take over"); answers the new claim. */
  takeOver(id: string, admin: string, ttlMs: number): Promise<Claim>;
  /** Ends `admin`'s claim on `id`; another admin's is left alone. */
  release(id: string, admin: string): Promise<void>;
  /** The live claims among `ids`. */
  claims(ids: readonly string[]): Promise<Map<string, Claim>>;
  /**
   * Notes a decision about to be sent, unless one is noted already: answers null when this one
   * was noted (go ahead), else the one noted before (someone decided it first: send nothing).
   * A decision done before `listedAt` (when the upstream was asked, and still listed the request
   * as pending) is of an earlier request by the same member, and is replaced.
   */
  noteDecision(id: string, record: DecisionRecord, ttlMs: number, listedAt: number): Promise<DecisionRecord | null>;
  /** Marks `admin`'s noted decision on `id` done at `at` (its call ended). */
  markDone(id: string, admin: string, at: number): Promise<void>;
  /** Forgets `admin`'s noted decision on `id` (its upstream call failed). */
  forgetDecision(id: string, admin: string): Promise<void>;
  /** The decision the panel noted on `id`, if any. */
  decision(id: string): Promise<DecisionRecord | null>;
  /** Counts one decision on `day` (YYYY-MM-DD) and answers the day's count. */
  countDecision(day: string): Promise<number>;
  /** How many decisions were counted on `day`. */
  decidedOn(day: string): Promise<number>;
  /** Puts `id` on `admin`'s skip list, which lives `ttlMs` from its last skip. */
  skip(admin: string, id: string, ttlMs: number): Promise<void>;
  /** The ids on `admin`'s skip list. */
  skipped(admin: string): Promise<Set<string>>;
  /** Empties `admin`'s skip list. */
  clearSkipped(admin: string): Promise<void>;
  /**
   * When the panel first saw each of `ids` pending (now, for a new one); forgets the ids no longer
   * pending, so the record is the pending list and no more.
   */
  firstSeen(ids: readonly string[]): Promise<Map<string, number>>;
}

/** How long a day's count is kept: today's and yesterday's are all the queue reads. */
const DAY_COUNT_TTL_MS = 2 * 86_400_000;

/** The store in one process; `now` is injected so tests expire claims without waiting. */
export function memoryClaimStore(now: () => number = Date.now): ClaimStore {
  const claims = new Map<string, Claim>();
  const decisions = new Map<string, { record: DecisionRecord; until: number }>();
  const counts = new Map<string, { count: number; until: number }>();
  const skips = new Map<string, { ids: Set<string>; until: number }>();
  const seen = new Map<string, number>();

  const live = (claim: Claim | undefined) => (claim && claim.until > now() ? claim : undefined);
  const sweep = <V extends { until: number }>(map: Map<string, V>) => {
    const time = now();
    for (const [key, value] of map) if (value.until <= time) map.delete(key);
  };
  const liveDecision = (id: string) => {
    const kept = decisions.get(id);
    return kept && kept.until > now() ? kept.record : null;
  };

  return {
    async claim(id, admin, ttlMs) {
      sweep(claims);
      const held = live(claims.get(id));
      if (held && held.admin !== admin) return held;
      const claim = { admin, since: held?.since ?? now(), until: now() + ttlMs };
      claims.set(id, claim);
      return claim;
    },
    async takeOver(id, admin, ttlMs) {
      const claim = { admin, since: now(), until: now() + ttlMs };
      claims.set(id, claim);
      return claim;
    },
    async release(id, admin) {
      if (claims.get(id)?.admin === admin) claims.delete(id);
    },
    async claims(ids) {
      const found = new Map<string, Claim>();
      for (const id of ids) {
        const claim = live(claims.get(id));
        if (claim) found.set(id, claim);
      }
      return found;
    },
    async noteDecision(id, record, ttlMs, listedAt) {
      sweep(decisions);
      const before = liveDecision(id);
      if (before && (before.doneAt === undefined || before.doneAt >= listedAt)) return before;
      decisions.set(id, { record, until: now() + ttlMs });
      return null;
    },
    async markDone(id, admin, at) {
      const kept = decisions.get(id);
      if (kept?.record.admin === admin) kept.record = { ...kept.record, doneAt: at };
    },
    async forgetDecision(id, admin) {
      if (decisions.get(id)?.record.admin === admin) decisions.delete(id);
    },
    async decision(id) {
      return liveDecision(id);
    },
    async countDecision(day) {
      sweep(counts);
      const count = (counts.get(day)?.count ?? 0) + 1;
      counts.set(day, { count, until: now() + DAY_COUNT_TTL_MS });
      return count;
    },
    async decidedOn(day) {
      const kept = counts.get(day);
      return kept && kept.until > now() ? kept.count : 0;
    },
    async skip(admin, id, ttlMs) {
      sweep(skips);
      const ids = skips.get(admin)?.ids ?? new Set<string>();
      ids.add(id);
      skips.set(admin, { ids, until: now() + ttlMs });
    },
    async skipped(admin) {
      const kept = skips.get(admin);
      return new Set(kept && kept.until > now() ? kept.ids : []);
    },
    async clearSkipped(admin) {
      skips.delete(admin);
    },
    async firstSeen(ids) {
      const wanted = new Set(ids);
      for (const id of seen.keys()) if (!wanted.has(id)) seen.delete(id);
      for (const id of ids) if (!seen.has(id)) seen.set(id, now());
      return new Map(ids.map((id) => [id, seen.get(id)!]));
    },
  };
}

// Claim or keep one's own claim, atomically: KEYS[1] the claim; ARGV admin, now, ttl. A claim
// whose `until` has passed counts as gone (the key's own expiry, a little later, cleans it up).
const CLAIM_SCRIPT = `
local now = tonumber(ARGV[2])
local ttl = tonumber(ARGV[3])
local current = redis.call('GET', KEYS[1])
local since = now
if current then
  local held = cjson.decode(current)
  if held["until"] > now then
    if held.admin ~= ARGV[1] then return current end
    since = held.since
  end
end
local claim = cjson.encode({ admin = ARGV[1], since = since, ["until"] = now + ttl })
redis.call('SET', KEYS[1], claim, 'PX', ttl)
return claim
`;

// Notes the decision ARGV[1] at KEYS[1] (expiring in ARGV[2] ms) unless one is noted that is in
// flight or was done at or after ARGV[3]; answers the one kept, or nothing when ARGV[1] was noted.
const NOTE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  local done = cjson.decode(current).doneAt
  if not done or done >= tonumber(ARGV[3]) then return current end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`;

// Sets doneAt (ARGV[2]) on the decision at KEYS[1] when its admin is ARGV[1], keeping its expiry.
const DONE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local record = cjson.decode(current)
if record.admin ~= ARGV[1] then return 0 end
record.doneAt = tonumber(ARGV[2])
redis.call('SET', KEYS[1], cjson.encode(record), 'KEEPTTL')
return 1
`;

// Deletes KEYS[1] when its JSON's `admin` is ARGV[1]: a release, or a failed decision forgotten.
const DELETE_OWN_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).admin == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`;

// Keeps the first-seen hash KEYS[1] equal to the pending ids ARGV[2..]: new ones at ARGV[1] (now),
// the others dropped; answers the times in the order of the ids.
const SEEN_SCRIPT = `
local wanted = {}
for i = 2, #ARGV do wanted[ARGV[i]] = true; redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[1]) end
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if not wanted[field] then redis.call('HDEL', KEYS[1], field) end
end
if #ARGV < 2 then return {} end
return redis.call('HMGET', KEYS[1], unpack(ARGV, 2))
`;

/** The store in Redis, shared by every instance (decision 018): one key per claim, decision and day under `prefix`. */
export function redisClaimStore(redis: Redis, prefix = "panel:queue:", now: () => number = Date.now): ClaimStore {
  const key = {
    claim: (id: string) => `${prefix}claim:${id}`,
    decision: (id: string) => `${prefix}decision:${id}`,
    day: (day: string) => `${prefix}decided:${day}`,
    skips: (admin: string) => `${prefix}skips:${admin}`,
    seen: `${prefix}first-seen`,
  };
  const parse = <T>(value: string | null): T | null => (value ? (JSON.parse(value) as T) : null);

  return {
    async claim(id, admin, ttlMs) {
      return JSON.parse(
        (await redis.eval(CLAIM_SCRIPT, 1, key.claim(id), admin, String(now()), String(ttlMs))) as string,
      ) as Claim;
    },
    async takeOver(id, admin, ttlMs) {
      const claim = { admin, since: now(), until: now() + ttlMs };
      await redis.set(key.claim(id), JSON.stringify(claim), "PX", ttlMs);
      return claim;
    },
    async release(id, admin) {
      await redis.eval(DELETE_OWN_SCRIPT, 1, key.claim(id), admin);
    },
    async claims(ids) {
      const found = new Map<string, Claim>();
      if (ids.length === 0) return found;
      const values = await redis.mget(ids.map(key.claim));
      ids.forEach((id, index) => {
        const claim = parse<Claim>(values[index] ?? null);
        if (claim && claim.until > now()) found.set(id, claim);
      });
      return found;
    },
    async noteDecision(id, record, ttlMs, listedAt) {
      const kept = (await redis.eval(
        NOTE_SCRIPT,
        1,
        key.decision(id),
        JSON.stringify(record),
        String(ttlMs),
        String(listedAt),
      )) as string | null;
      return parse<DecisionRecord>(kept);
    },
    async markDone(id, admin, at) {
      await redis.eval(DONE_SCRIPT, 1, key.decision(id), admin, String(at));
    },
    async forgetDecision(id, admin) {
      await redis.eval(DELETE_OWN_SCRIPT, 1, key.decision(id), admin);
    },
    async decision(id) {
      return parse<DecisionRecord>(await redis.get(key.decision(id)));
    },
    async countDecision(day) {
      const [[, count]] = (await redis.multi().incr(key.day(day)).pexpire(key.day(day), DAY_COUNT_TTL_MS).exec()) as [
        [Error | null, number],
      ];
      return count;
    },
    async decidedOn(day) {
      return Number((await redis.get(key.day(day))) ?? 0);
    },
    async skip(admin, id, ttlMs) {
      await redis.multi().sadd(key.skips(admin), id).pexpire(key.skips(admin), ttlMs).exec();
    },
    async skipped(admin) {
      return new Set(await redis.smembers(key.skips(admin)));
    },
    async clearSkipped(admin) {
      await redis.del(key.skips(admin));
    },
    async firstSeen(ids) {
      const times = (await redis.eval(SEEN_SCRIPT, 1, key.seen, String(now()), ...ids)) as (string | null)[];
      return new Map(ids.map((id, index) => [id, Number(times[index] ?? now())]));
    },
  };
}

/** The store in use: Redis when REDIS_URL is set, else this process's memory. */
export const claimStore = processStore<ClaimStore>({
  redis: (redis) => redisClaimStore(redis),
  memory: () => memoryClaimStore(),
});
