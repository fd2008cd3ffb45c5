import { randomUUID } from "node:crypto";

import type { AuditRecord } from "~/audit/entry";
import { logLine } from "~/lib/log.server";

/** How the outbox waits and when it shouts; tests shorten the wait. */
export interface OutboxOptions {
  /** The wait before the first retry; it grows with each failure in a row, up to 30 times. */
  retryMs: number;
  /** After this many failures in a row (and every as many again) the outbox logs an error. */
  loudAfter: number;
  /** Entries kept while the store is away; beyond, the oldest is dropped and logged. */
  maxQueued: number;
}

const DEFAULTS: OutboxOptions = { retryMs: 1_000, loudAfter: 5, maxQueued: 100_000 };

/** The in-process outbox of the audit trail: entries in the order they happened, written one at a time. */
export interface AuditOutbox {
  /** Queues an entry; resolves once it is written, or once a write failed and it waits for a retry. */
  push(record: AuditRecord): Promise<void>;
  /** How many entries wait. */
  waiting(): number;
  /** Resolves once no entry waits (at once when none does). */
  idle(): Promise<void>;
}

/**
 * Keeps audit entries in memory until `write` takes them (docs/decisions/057-audit-store.md): an
 * admin's action never waits on, or fails with, the store. While the store does not answer, the
 * entries wait, in order, and are retried with a growing wait; the first failure is a warning, a
 * failure that lasts is an error naming how many entries wait, and the first write that works
 * again says so.
 */
export function auditOutbox(
  write: (record: AuditRecord & { id: string }) => Promise<void>,
  options: Partial<OutboxOptions> = {},
): AuditOutbox {
  const { retryMs, loudAfter, maxQueued } = { ...DEFAULTS, ...options };
  const queue: { record: AuditRecord & { id: string }; settle: () => void }[] = [];
  let draining = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let idlers: (() => void)[] = [];

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    clearTimeout(retry);
    try {
      while (queue.length > 0) {
        const item = queue[0]!;
        try {
          await write(item.record);
        } catch (error) {
          failures++;
          // Nobody waits for a store that is away: every waiting entry's caller goes on.
          for (const waiting of queue) waiting.settle();
          reportFailure(error);
          retry = setTimeout(() => void drain(), retryMs * Math.min(failures, 30));
          retry.unref();
          return;
        }
        queue.shift();
        item.settle();
        if (failures > 0) {
          logLine("info", "audit store available again: waiting entries are being written", { waiting: queue.length });
          failures = 0;
        }
      }
      for (const resolve of idlers) resolve();
      idlers = [];
    } finally {
      draining = false;
    }
  }

  function reportFailure(error: unknown) {
    const fields = { error: error instanceof Error ? error.message : String(error), waiting: queue.length, failures };
    if (failures === 1) logLine("warn", "audit store unavailable: entries wait in memory and are retried", fields);
    else if (failures % loudAfter === 0) {
      logLine(
        "error",
        "AUDIT ENTRIES NOT WRITTEN: the audit store keeps failing; they are lost if this process stops",
        fields,
      );
    }
  }

  return {
    push(record) {
      const settled = new Promise<void>((settle) => queue.push({ record: { ...record, id: randomUUID() }, settle }));
      if (queue.length > maxQueued) {
        const dropped = queue.shift()!;
        dropped.settle();
        logLine("error", "AUDIT ENTRY LOST: too many entries wait for the audit store", { entry: dropped.record });
      }
      // While the store fails, the retry's timer drains: a new entry waits for it, its caller goes
      // on, and the store is not tried again at once (a flood of entries would be a flood of writes).
      if (failures === 0) void drain();
      else queue.at(-1)?.settle();
      return settled;
    },
    waiting: () => queue.length,
    idle: () => (queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idlers.push(resolve))),
  };
}
