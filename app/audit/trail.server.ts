import path from "node:path";

import type { AuditEntry, AuditRecord } from "~/audit/entry";
import { chainedEntry, EMPTY_HEAD, type ChainHead } from "~/audit/chain";
import type { AuditEngine } from "~/audit/engine";
import { levelEngine } from "~/audit/level-engine.server";
import { auditOutbox, type AuditOutbox, type OutboxOptions } from "~/audit/outbox.server";
import { auditPage, type AuditPage, type AuditQuery } from "~/audit/query.server";
import { redisEngine } from "~/audit/redis-engine.server";
import { env, type Env } from "~/config/env.server";
import { logLine } from "~/lib/log.server";

const DAY_MS = 24 * 60 * 60_000;
/** How often retention runs and the head is published, besides when the store opens. */
const TRIM_EVERY_MS = 60 * 60_000;
/** Entries removed per step of a trim. */
const TRIM_STEP = 1_000;

/** What the trail tells of an entry it wrote: the fields that say what happened, when and by whom. */
export type WrittenEntry = Pick<AuditEntry, "at" | "admin" | "action" | "target" | "result">;

/** The audit trail of this process: its store engine, reached through an outbox. */
export interface AuditTrail {
  /** Records an entry: resolves once it is written, or once the store failed and it waits in the outbox. */
  record(record: AuditRecord): Promise<void>;
  /** One page of the trail, newest first (throws when the store does not answer). */
  page(query: AuditQuery): Promise<AuditPage>;
  /** The engine the trail writes to (opened if it is not yet). */
  engine(): Promise<AuditEngine>;
  /** Resolves once no entry waits in the outbox. */
  idle(): Promise<void>;
  /** How many entries wait in the outbox. */
  waiting(): number;
  /** Removes the entries older than the retention; how many it removed. */
  trim(now?: number): Promise<number>;
  /**
   * Logs the chain's head (`audit head`, its number and hash) and returns it: kept in the log
   * system, it proves later that no newer entry was removed (`npm run audit:verify -- --head`).
   */
  publishHead(): Promise<ChainHead>;
  /** Closes the store; the next use opens it again. */
  close(): Promise<void>;
  /**
   * Closes the store for good (the process stops): an entry recorded after it is refused, logged
   * as `AUDIT ENTRIES LOST` with the count, never written to a store opened again.
   */
  shut(): Promise<void>;
}

/**
 * A trail over an engine that is opened on first use (and opened again after it failed to open):
 * `open` is levelEngine or redisEngine; `retentionDays` bounds the store.
 */
export function auditTrail(
  open: () => Promise<AuditEngine>,
  {
    retentionDays,
    outbox: outboxOptions,
    written,
  }: {
    retentionDays: number;
    outbox?: Partial<OutboxOptions>;
    /** Told of each entry once it is written, before its caller goes on (the roll-ups of /insights). */
    written?: (entry: WrittenEntry) => Promise<void>;
  },
): AuditTrail {
  let opened: Promise<AuditEngine> | undefined;
  let closed = false;
  let lostSinceClose = 0;
  const engine = () => {
    if (closed) return Promise.reject(new Error("the audit trail is closed: the process is stopping"));
    opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };
  const outbox: AuditOutbox = auditOutbox(async (record) => {
    const store = await engine();
    const entry = await store.append(record.id, (head) => chainedEntry(head, record));
    if (!written) return;
    // Once per entry: an attempt that threw told nothing, so an append retried after a write whose
    // answer was lost (it answers null: written before) tells it now, read from the record (its
    // time may be a moment earlier than the stored one). A failure here is not the entry's: it
    // stays written, and only the roll-up misses it (npm run insights:rebuild).
    await written(entry ?? chainedEntry(EMPTY_HEAD, record)).catch((error: unknown) =>
      logLine("warn", "audit entry written, but not counted in the insights roll-ups", {
        seq: entry?.seq ?? null,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }, outboxOptions);

  return {
    record(record) {
      if (!closed) return outbox.push({ ...record, at: record.at ?? Date.now() });
      // Something still acting after shutdown closed the trail (a detached request that outlived
      // its connection): its entry cannot be kept, and an operator must hear of it.
      lostSinceClose++;
      logLine("error", "AUDIT ENTRIES LOST: an entry came after the audit trail closed at shutdown", {
        lost: 1,
        lostSinceClose,
        entry: {
          admin: record.admin,
          action: record.action,
          target: record.target,
          batch: record.batch,
          result: record.result,
        },
      });
      return Promise.resolve();
    },
    page: async (query) => auditPage(await engine(), query),
    idle: () => outbox.idle(),
    waiting: () => outbox.waiting(),
    engine,
    async trim(now = Date.now()) {
      const store = await engine();
      let removed = 0;
      for (;;) {
        const step = await store.trimBefore(now - retentionDays * DAY_MS, TRIM_STEP);
        removed += step;
        if (step < TRIM_STEP) return removed;
      }
    },
    async publishHead() {
      const head = await (await engine()).head();
      logLine("info", "audit head", { seq: head.seq, hash: head.hash });
      return head;
    },
    async close() {
      const store = opened;
      opened = undefined;
      if (store) await (await store).close();
    },
    async shut() {
      closed = true;
      await this.close();
    },
  };
}

let processTrail: AuditTrail | undefined;
let whenWritten: ((entry: WrittenEntry) => Promise<void>) | undefined;

/**
 * Names what the process's trail tells of each entry it writes (server/app.ts at boot: the
 * roll-ups of /insights, app/insights/): the trail is below the state engine and imports none of it.
 */
export function onEntryWritten(listener: (entry: WrittenEntry) => Promise<void>): void {
  whenWritten = listener;
}

/**
 * The process's audit trail (docs/operations.md#audit-trail): Redis when REDIS_URL is set (on a
 * connection of its own), else the embedded store in AUDIT_DIR. When it is first used and every
 * hour, retention runs and the head is published (the `audit head` log line).
 */
export function theAuditTrail(): AuditTrail {
  if (processTrail) return processTrail;
  const trail = auditTrail(openConfiguredEngine, {
    retentionDays: env().AUDIT_RETENTION_DAYS,
    written: async (entry) => whenWritten?.(entry),
  });
  const upkeep = async () => {
    try {
      const removed = await trail.trim();
      if (removed > 0) logLine("info", "audit retention removed old entries", { removed });
    } catch (error) {
      logLine("warn", "audit retention could not run", { error: String(error) });
      return;
    }
    await trail.publishHead().catch(() => undefined);
  };
  void upkeep();
  setInterval(() => void upkeep(), TRIM_EVERY_MS).unref();
  processTrail = trail;
  return trail;
}

/** How long a stopping server waits for entries still in the outbox. */
const FLUSH_MS = 5_000;

/**
 * At shutdown (server.js, once the last request is answered and the bulk batches have stopped):
 * writes what waits in the outbox (for up to FLUSH_MS; what is still waiting then is logged as
 * lost, with the count), publishes the head (the last `audit head` line) and closes the store. An
 * entry recorded after this is refused and logged as lost.
 */
export async function closeTheAuditTrail(): Promise<void> {
  const trail = processTrail;
  if (!trail) return;
  let limit: NodeJS.Timeout | undefined;
  const flushed = await Promise.race([
    trail.idle().then(() => true),
    new Promise<false>((resolve) => (limit = setTimeout(resolve, FLUSH_MS, false))),
  ]);
  clearTimeout(limit);
  if (!flushed)
    logLine("error", "AUDIT ENTRIES LOST: the audit store did not take the waiting entries before shutdown", {
      lost: trail.waiting(),
    });
  // Only a store that answers has a head to give; a store that is away was already reported.
  if (flushed) await trail.publishHead().catch(() => undefined);
  await trail.shut().catch(() => undefined);
}

/** Opens the store the environment configures: Redis when REDIS_URL is set, else the embedded store in AUDIT_DIR. */
export async function openConfiguredEngine(
  { REDIS_URL, AUDIT_DIR }: Pick<Env, "REDIS_URL" | "AUDIT_DIR"> = env(),
): Promise<AuditEngine> {
  return REDIS_URL ? redisEngine(await redisConnection(REDIS_URL)) : levelEngine(path.resolve(AUDIT_DIR));
}

/** A Redis connection of the trail's own (WATCH belongs to a connection), with the shared one's settings. */
async function redisConnection(url: string) {
  const { Redis } = await import("ioredis");
  const connection = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 2_000 });
  // The outbox reports a store that does not answer; the client's own errors would repeat it on every attempt.
  connection.on("error", () => undefined);
  return connection;
}
