/**
 * Runs a bulk batch (docs/product.md#bulk-actions): at most BULK_CONCURRENCY items in flight, each
 * item claimed while it runs so no second batch (another tab, another instance) sends it too, its
 * state read again right before sending as the row action does, its result kept in the batch store
 * and in the audit trail. At shutdown (stopBatches) a batch takes no new item: the items in flight
 * end and record their entries, the rest are "not run" (docs/decisions/068-batches-that-survive-a-restart.md).
 */
import type { BulkList } from "./bulk-list";
import { type Batch, type BatchItem, batchStore, stopBatchStore } from "./batch-store.server";
import { gate, inPool } from "./pool";
import { env, type Env } from "~/config/env.server";
import type { AuditResult, AuditTarget } from "~/audit/entry";
import { logLine } from "~/lib/log.server";
import { Refusal } from "~/recipe/failure.server";
import { recordAudit } from "~/audit/record.server";
import type { TableAction, Found } from "~/recipe/action-table.server";
import { MESSAGE_NOT_SENT, sendThenMessage, applyAction, type Outcome, OUTCOME_TEXTS } from "~/recipe/outcome.server";
import { isUpstreamError } from "~/upstream/errors";

/**
 * Items in flight at once, per batch: each makes its calls one after the other (its read, then its
 * action), so a batch has at most this many upstream calls in flight. 10: a 100-item batch at 50 ms
 * upstream latency ends in about 1.2 s (docs/performance.md); why that is safe for the upstream:
 * docs/decisions/068-batches-that-survive-a-restart.md.
 */
export const BULK_CONCURRENCY = 10;

/** Items in flight at once in this process, whatever the batches: two batches at full pace. */
const BULK_PROCESS_CONCURRENCY = 2 * BULK_CONCURRENCY;
const bulkGate = gate(BULK_PROCESS_CONCURRENCY);

/**
 * The most upstream calls an item makes one after the other (its read, its action, and Reject's
 * message to the member), each given up after UPSTREAM_TIMEOUT_MS.
 */
const ITEM_CALLS_MAX = 3;

/**
 * How long an item in flight may still take once a batch is stopped: the room server.js's shutdown
 * leaves for it, beyond the requests' own (docs/operations.md#shutdown).
 */
export function itemInFlightMs({ UPSTREAM_TIMEOUT_MS }: Pick<Env, "UPSTREAM_TIMEOUT_MS">): number {
  return ITEM_CALLS_MAX * UPSTREAM_TIMEOUT_MS;
}

export const RUN_TEXTS = {
  notOnList: "Not on the list",
  unexpected: "Unexpected error: nothing more is known",
  messageNotSent: MESSAGE_NOT_SENT,
  messageSent: "Message sent",
  noMessage: "No message to send",
  alreadyRemoved: "Already removed",
} as const;

/** An item's result, as the outcome core decided it. */
function itemOf(item: BatchItem, outcome: Outcome, found: Found<unknown> | null): BatchItem {
  const named = found ? { ...item, name: found.name ?? item.name, owner: found.owner ?? null } : item;
  switch (outcome.result) {
    case "done":
      return { ...named, result: "done", status: outcome.status === 404 ? 404 : undefined, detail: outcome.message };
    case "refused":
      return { ...named, result: "skipped", detail: outcome.why };
    case "failed":
      return isUpstreamError(outcome.error)
        ? {
            ...named,
            result: "failed",
            status: outcome.error.status,
            detail: outcome.error.messageOr(outcome.error.message),
          }
        : { ...named, result: "failed", detail: OUTCOME_TEXTS.unexpected };
    case "unknown":
      return {
        ...named,
        result: "unknown",
        status: outcome.error.status,
        detail: outcome.error.messageOr(outcome.error.message),
      };
  }
}

/**
 * Runs one item through the outcome core (its claim, the row action's read and check, the send,
 * the audit entry with the batch and reason), and Reject's message to the member once the
 * decision is done. A batch that sends only the message sends the message alone, also through the
 * core (a push to the member).
 */
async function runItem<S, R>(
  request: Request,
  list: BulkList<S, R>,
  action: TableAction<S>,
  batch: Batch,
  item: BatchItem,
): Promise<BatchItem> {
  const base = {
    target: { kind: list.table.kind, id: item.id },
    admin: batch.admin,
    reason: batch.reason,
    batch: batch.id,
  };
  if (batch.messageOnly) {
    const message = action.message && batch.message ? { ...action.message, text: batch.message } : null;
    const { outcome } = await applyAction(
      {
        ...base,
        action: "notify",
        send: async () => {
          if (!message) throw new Refusal({ message: RUN_TEXTS.noMessage });
          await message.send(request, item.id, null, message.text);
          return RUN_TEXTS.messageSent;
        },
      },
      env().APP_TIMEZONE,
    );
    return itemOf(item, outcome, null);
  }
  let messageFailed = false;
  const { stale, doneDetail } = action;
  const terms = { until: batch.until ?? null, reason: batch.reason, admin: batch.admin };
  const { outcome, found } = await applyAction(
    {
      ...base,
      action: action.records,
      read: async () => (await list.find(request, [item.id])).get(item.id) ?? null,
      notFound: RUN_TEXTS.notOnList,
      stale: stale ? (state) => stale(state, item.id) : undefined,
      send: async (state) => {
        const sent = await sendThenMessage(request, action, item.id, state, batch.message, terms);
        messageFailed = sent.messageFailed;
        return sent.answer;
      },
      goneIsDone: action.goneIsDone,
      doneDetail: doneDetail ? (message) => doneDetail(message, terms) : undefined,
    },
    env().APP_TIMEZONE,
  );
  const ended = itemOf(item, outcome, found);
  return messageFailed ? { ...ended, messageFailed: true } : ended;
}

/** The batches this process runs, each with the way to stop it and its end; and whether the process is stopping. */
const runs = new Map<string, { stop: () => void; ended: Promise<void> }>();
let stopping = false;

/**
 * Runs every pending item of a batch that the store holds, and notes its end. `request` is the
 * detached one of runOnce, so the batch goes on when the browser goes away. Stopped (stopBatches),
 * it takes no new item; the items it did not take are "not run", and its end says it was interrupted.
 */
export async function runBatch<S, R>(request: Request, list: BulkList<S, R>, action: TableAction<S>, batch: Batch) {
  const store = batchStore();
  let stopped = stopping;
  let notRun = 0;
  const run = async () => {
    await inPool(batch.items, BULK_CONCURRENCY, async (item, index) => {
      if (item.result !== "pending") return;
      await bulkGate(async () => {
        // Checked once the item's turn has come: a stop while it waited leaves it not run.
        if (stopped) {
          notRun++;
          return;
        }
        await store.setItem(batch.id, index, await runItem(request, list, action, batch, item));
      });
    });
    if (notRun > 0) {
      logLine("warn", "bulk batch interrupted: the panel stopped before its last items", {
        batch: batch.id,
        list: batch.list,
        action: batch.action,
        admin: batch.admin,
        notRun,
        interrupted: "stopped",
      });
    }
    await store.finish(batch.id, new Date().toISOString(), notRun > 0 ? "stopped" : null);
  };
  const ended = run();
  runs.set(batch.id, { stop: () => (stopped = true), ended: ended.catch(() => undefined) });
  try {
    await ended;
  } finally {
    runs.delete(batch.id);
  }
}

/**
 * At shutdown (server.js, once the last request is answered, before the audit trail closes): every
 * batch of this process takes no new item, its items in flight end (each records its audit entry),
 * and it notes its end, the items it did not take "not run". Resolves once all have.
 */
export async function stopBatches(): Promise<void> {
  stopping = true;
  const running = [...runs.values()];
  if (running.length > 0)
    logLine("info", "stopping bulk batches: the items in flight end", { batches: running.length });
  for (const { stop } of running) stop();
  await Promise.all(running.map(({ ended }) => ended));
  await stopBatchStore();
}

/** The result words of the trail for an item settled before it ran (at Confirm: not on the list, no longer applying). */
const SETTLED: Record<Exclude<BatchItem["result"], "pending" | "notRun">, AuditResult> = {
  done: "done",
  skipped: "refused",
  failed: "failed",
  unknown: "unknown",
};

/** The entry of an item the batch settled when it was created, before any read (the core records the others). */
export function auditSettledItem(kind: AuditTarget["kind"], batch: Batch, item: BatchItem) {
  if (item.result === "pending" || item.result === "notRun") return;
  recordAudit({
    admin: batch.admin,
    action: batch.action,
    target: { kind, id: item.id, name: item.name, owner: item.owner ?? null },
    reason: batch.reason,
    batch: batch.id,
    result: SETTLED[item.result],
    status: item.status ?? null,
    detail: item.detail ?? null,
  });
}
