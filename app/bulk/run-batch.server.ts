/**
 * Runs a bulk batch (docs/product.md#bulk-actions): at most 4 upstream calls in flight, each item
 * claimed while it runs so no second batch (another tab, another instance) sends it too, its state
 * read again right before sending as the row action does, its result kept in the batch store and
 * in the audit trail.
 */
import type { BulkAction, BulkList } from "./bulk-list";
import { type Batch, type BatchItem, batchStore } from "./batch-store.server";
import { inPool } from "./pool";
import { logLine } from "~/lib/log.server";
import { type AuditResult, recordAudit } from "~/session/audit.server";
import { idempotencyStore } from "~/session/idempotency.server";
import { isUpstreamError } from "~/upstream/errors";

/** Upstream calls in flight at once, per batch. */
export const BULK_CONCURRENCY = 4;

/** How long an item's claim holds while it runs: beyond any upstream call's timeout and retries. */
const CLAIM_MS = 2 * 60_000;

export const RUN_TEXTS = {
  claimed: "Another batch is sending this item right now",
  notOnList: "Not on the list",
  unexpected: "Unexpected error: nothing more is known",
  messageNotSent: "Done, but the message to the member was not sent",
  messageSent: "Message sent",
  noMessage: "No message to send",
  alreadyRemoved: "Already removed",
} as const;

/** The audit trail's word for an item's result. */
const AUDIT_RESULT: Record<Exclude<BatchItem["result"], "pending">, AuditResult> = {
  done: "done",
  skipped: "refused",
  failed: "failed",
  unknown: "unknown",
};

/** An upstream failure as an item's result: failed, or unknown when the change may have happened. */
function failedItem(item: BatchItem, error: unknown, batchId: string): BatchItem {
  if (!isUpstreamError(error)) {
    logLine("error", "bulk item failed", { batch: batchId, item: item.id, error: String(error) });
    return { ...item, result: "failed", detail: RUN_TEXTS.unexpected };
  }
  // A change sent without an answer in time may have happened: its outcome is unknown, not failed.
  const result = error.failure === "outcome-unknown" ? "unknown" : "failed";
  return { ...item, result, status: error.status, detail: error.messageOr(error.message) };
}

/**
 * Sends Reject's message to the member about an item whose action is done: done with the server's
 * note, or done with `messageFailed` and why the message was not sent ("Resend the message").
 */
async function withMessage<S>(
  request: Request,
  action: BulkAction<S>,
  batch: Batch,
  item: BatchItem,
  state: S | null,
  answer: string | null,
): Promise<BatchItem> {
  if (!action.message || !batch.message) return { ...item, result: "done", detail: answer };
  try {
    await action.message.send(request, item.id, state, batch.message);
    return { ...item, result: "done", detail: answer };
  } catch (error) {
    const said = isUpstreamError(error) ? error.messageOr("") : "";
    const detail = said ? `${RUN_TEXTS.messageNotSent}: ${said}` : RUN_TEXTS.messageNotSent;
    return { ...item, result: "done", detail, messageFailed: true };
  }
}

/**
 * Runs one item: claim it, read it again (the row action's read: not on the list, or no longer
 * applying, sends nothing), send (and Reject's message), release the claim. In a batch that sends
 * only the message, the action is done already: the message alone is sent.
 */
async function runItem<S, R>(
  request: Request,
  list: BulkList<S, R>,
  action: BulkAction<S>,
  batch: Batch,
  item: BatchItem,
): Promise<BatchItem> {
  const claims = idempotencyStore();
  const claim = `bulk-claim:${list.path}:${item.id}`;
  if (!(await claims.setIfAbsent(claim, CLAIM_MS))) return { ...item, result: "skipped", detail: RUN_TEXTS.claimed };
  let named = item;
  try {
    if (batch.messageOnly) {
      if (!action.message || !batch.message) return { ...item, result: "skipped", detail: RUN_TEXTS.noMessage };
      await action.message.send(request, item.id, null, batch.message);
      return { ...item, result: "done", detail: RUN_TEXTS.messageSent };
    }
    const found = (await list.find(request, [item.id])).get(item.id);
    if (!found) return { ...item, result: "skipped", detail: RUN_TEXTS.notOnList };
    named = { ...item, name: found.name, owner: found.owner ?? null };
    const why = action.stale(found.state);
    if (why) return { ...named, result: "skipped", detail: why };
    let answer: string | null;
    try {
      answer = (await action.send(request, item.id))?.trim() || null;
    } catch (error) {
      // A delete answered "not found": the item is gone, which is what the action is for.
      if (action.goneIsDone && isUpstreamError(error) && error.status === 404) {
        return { ...named, result: "done", status: 404, detail: RUN_TEXTS.alreadyRemoved };
      }
      throw error;
    }
    return await withMessage(request, action, batch, named, found.state, answer);
  } catch (error) {
    return failedItem(named, error, batch.id);
  } finally {
    await claims.complete(claim, null, 0);
  }
}

/**
 * Runs every pending item of a batch that the store holds, and notes its end. `request` is the
 * detached one of runOnce, so the batch goes on when the browser goes away.
 */
export async function runBatch<S, R>(request: Request, list: BulkList<S, R>, action: BulkAction<S>, batch: Batch) {
  const store = batchStore();
  await inPool(batch.items, BULK_CONCURRENCY, async (item, index) => {
    if (item.result !== "pending") return;
    const ended = await runItem(request, list, action, batch, item);
    await store.setItem(batch.id, index, ended);
    auditItem(list, batch, ended);
  });
  await store.finish(batch.id, new Date().toISOString());
}

/** One item's audit entry: the batch, the reason and the result (app/session/audit.server.ts). */
export function auditItem(list: Pick<BulkList<unknown>, "kind">, batch: Batch, item: BatchItem) {
  if (item.result === "pending") return;
  recordAudit({
    admin: batch.admin,
    // A message sent alone is a push to the member, not the action again.
    action: batch.messageOnly ? "notify" : batch.action,
    target: { kind: list.kind, id: item.id, name: item.name, owner: item.owner ?? null },
    reason: batch.reason,
    batch: batch.id,
    result: AUDIT_RESULT[item.result],
    status: item.status ?? null,
    detail: item.detail ?? null,
  });
}
