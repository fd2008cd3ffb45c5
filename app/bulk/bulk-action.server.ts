/**
 * A bulk action on a list (docs/product.md#bulk-actions), in the order it happens: what its review
 * page shows (loadBulkReview), Confirm's step (confirmBatch: the form, the items, a
 * re-authentication over REAUTHENTICATE_OVER items), the batch it starts (startBatch) and its run
 * (runBatch): each item through the outcome core (app/recipe/outcome.server.ts), at most
 * BULK_CONCURRENCY in flight, stopped at shutdown (stopBatches). Each list's bulk route writes its
 * own action, like every other action (typed intent, `switch`), and calls confirmBatch with the
 * table's entry of the chosen intent. The results page (app/routes/admin/bulk-results.tsx) reads a
 * batch, and its Retry starts a new one through startBatch.
 */
import { randomUUID } from "node:crypto";

import { data, redirect } from "react-router";

import type { BulkList } from "./bulk-list";
import { type Batch, type BatchItem, batchStore, stopBatchStore } from "./batch-store.server";
import { gate, inPool } from "./pool";
import { readSelection, resolveSelection, type Selection, selectionShown } from "./selection.server";
import type { BulkReviewView } from "./views";
import { type AuditResult, type AuditTarget, memberOf } from "~/audit/entry";
import { recordAudit, recordsItsOwnEntries } from "~/audit/record.server";
import { savedMessagePicker } from "~/components/moderation/saved-message-picker.server";
import { env, type Env } from "~/config/env.server";
import { BanDurationSchema } from "~/forms/ban-terms";
import { parseForm, type FormErrors } from "~/forms/form-data.server";
import {
  MemberMessageSchema,
  MODERATION_REASONS,
  OTHER_REASON,
  reasonFields,
  reasonLine,
} from "~/forms/moderation-reasons";
import { logLine } from "~/lib/log.server";
import type { Found, TableAction } from "~/recipe/action-table.server";
import { invalidSubmission, Refusal, rejectedSubmission } from "~/recipe/failure.server";
import { applyAction, MESSAGE_NOT_SENT, type Outcome, OUTCOME_TEXTS, sendThenMessage } from "~/recipe/outcome.server";
import { requireReauthentication } from "~/recipe/reauthentication.server";
import { REAUTHENTICATE_OVER } from "~/session/reauthentication.server";
import { getCurrentUser, requireUser } from "~/session/user.server";
import { noteSummaries } from "~/state/staff-notes.server";
import { isUpstreamError } from "~/upstream/errors";

/** Items the review page lists on each of its pages (`reviewPage` in its URL). */
const REVIEW_PAGE_SIZE = 50;

/** Left-out items the review page names with their reasons, before "and {N} more". */
const STALE_SHOWN = 50;

/**
 * How long Confirm waits for its batch before it shows the results page: a batch that ends by then
 * shows finished; a longer one shows its progress there (docs/decisions/054-how-a-running-batch-is-seen.md).
 */
const CONFIRM_WAIT_MS = 3_000;

/** Confirm's refusal when every selected item was skipped. */
const NOTHING_TO_DO = "Nothing to do: the action no longer applies to any of the selected items.";

/** The results page of a batch. */
export function resultsHref(list: Pick<BulkList<unknown>, "path">, batchId: string): string {
  return `/${list.path}/bulk/${batchId}`;
}

/** The review page's URL for another page of its selection. */
function reviewPageHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("reviewPage");
  if (page > 1) params.set("reviewPage", String(page));
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The review page's own page of the selection: a whole number from 1 to `of`. */
function reviewPageOf(url: URL, of: number): number {
  const page = Number(url.searchParams.get("reviewPage"));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, of) : 1;
}

/** The review page of a "Select all matching" again: the same action on the same query, for the items not reached. */
function againHref(list: Pick<BulkList<unknown>, "path">, actionName: string, listParams: URLSearchParams): string {
  const params = new URLSearchParams({ action: actionName, scope: "matching" });
  for (const [name, value] of listParams) params.append(name, value);
  return `/${list.path}/bulk?${params}`;
}

/**
 * The review page (docs/product.md#bulk-actions): every item the action applies to, page by page;
 * 400 with a link back for a selection that cannot be reviewed. A "Select all" of the list's
 * selection form comes here too, and goes back to the list showing what it selected.
 */
export async function loadBulkReview<S, R, K extends string>(request: Request, list: BulkList<S, R, K>) {
  await requireUser(request);
  const url = new URL(request.url);
  const shown = selectionShown(url, list.path);
  if (shown) throw redirect(shown);
  const selection = readSelection(url, list);
  if (!selection.ok) {
    const view: BulkReviewView = { ok: false, title: list.title, message: selection.message, back: selection.back };
    return data(view, { status: 400 });
  }
  const max = env().BULK_MAX;
  const action = list.table.actions[selection.intent];
  const { toDo, stale, staleCount, notOnList, capped, notReached } = await resolveSelection(
    request,
    list,
    selection,
    action,
    max,
  );
  const of = Math.max(1, Math.ceil(toDo.length / REVIEW_PAGE_SIZE));
  const page = reviewPageOf(url, of);
  const first = (page - 1) * REVIEW_PAGE_SIZE;
  const shownItems = toDo.slice(first, first + REVIEW_PAGE_SIZE);
  // Each item's member (the user, the request's member, the post's author) and their staff notes in short.
  const members = shownItems.map(({ id, owner }) => memberOf({ kind: list.table.kind, id, owner }));
  const [notes, picker] = await Promise.all([
    noteSummaries(
      members.flatMap((member) => (member ? [member] : [])),
      env().APP_TIMEZONE,
    ),
    action.message?.saved ? savedMessagePicker(request, action.message.saved) : null,
  ]);
  const view: BulkReviewView = {
    ok: true,
    title: list.title,
    back: selection.back,
    action: {
      label: action.label,
      reasons: action.reason ? [...MODERATION_REASONS[action.reason], OTHER_REASON] : null,
      defaultMessage: action.message?.defaultText ?? null,
      banOffer: action.terms ? action.terms.offer() : null,
      picker,
    },
    matching: selection.scope === "matching",
    max,
    capped,
    applies: toDo.length + notReached,
    appliesNoun: toDo.length + notReached === 1 ? list.noun.one : list.noun.many,
    notReached,
    count: toDo.length,
    noun: toDo.length === 1 ? list.noun.one : list.noun.many,
    items: shownItems.map(({ id, name }, index) => ({
      id,
      name,
      href: list.itemHref({ id, name }),
      notes: notes.get(members[index] ?? "") ?? null,
    })),
    pages: {
      page,
      of,
      first: toDo.length === 0 ? 0 : first + 1,
      last: Math.min(first + REVIEW_PAGE_SIZE, toDo.length),
      previous: page > 1 ? reviewPageHref(url, page - 1) : null,
      next: page < of ? reviewPageHref(url, page + 1) : null,
    },
    stale: stale.slice(0, STALE_SHOWN).map(({ item, why }) => ({ id: item.id, name: item.name, why })),
    staleCount,
    notOnList,
  };
  return view;
}

/** The Confirm form's reason and message, checked: the reason line the audit keeps and the message to send. */
function readConfirmForm<S>(form: FormData, action: TableAction<S>) {
  const errors: FormErrors = {};
  let values: Record<string, unknown> = {};
  let reason: string | null = null;
  let message: string | null = null;
  let until: number | null = null;
  // A Confirm without a duration is the plain permanent ban it always was (docs/product.md#bans-with-an-end).
  if (action.terms && form.has("duration")) {
    const parsed = parseForm(form, BanDurationSchema);
    values = { ...values, ...parsed.values };
    if (!parsed.ok) Object.assign(errors, parsed.errors);
    else {
      const end = action.terms.until(parsed.data.duration, parsed.data.until);
      if (end.ok) until = end.until;
      else errors[end.field] = { type: "custom", message: end.message };
    }
  }
  if (action.reason) {
    const parsed = parseForm(form, reasonFields(action.reason));
    values = { ...values, ...parsed.values };
    if (parsed.ok) reason = reasonLine(parsed.data);
    else Object.assign(errors, parsed.errors);
  }
  if (action.message) {
    const parsed = parseForm(form, MemberMessageSchema);
    values = { ...values, ...parsed.values };
    if (parsed.ok) message = parsed.data.message || null;
    else Object.assign(errors, parsed.errors);
  }
  return Object.keys(errors).length > 0
    ? { ok: false as const, errors, values }
    : { ok: true as const, reason, message, until, values };
}

/** What a confirmed selection comes to: its items, and what the batch says about the rest. */
type Confirmed = Pick<Batch, "items" | "cappedAt" | "leftOut" | "more" | "notApplying">;

/**
 * The items of a confirmed selection. Named ids go in as they are: the run reads each one right
 * before sending anyway (the row action's read), and says which are not on the list or no longer
 * apply, so Confirm does not read them all a second time. "Select all matching" is resolved now,
 * from the list's pages: the first `max` items the action still applies to; the ones it no longer
 * applies to are counted and left out, and so are the ones beyond `max` (run it again for them).
 */
async function confirmedItems<S, R>(
  request: Request,
  list: BulkList<S, R>,
  selection: ConfirmedSelection,
  action: TableAction<S>,
  max: number,
): Promise<Confirmed> {
  if (selection.scope === "ids") {
    const items = selection.ids.slice(0, max).map((id) => ({ id, name: "", result: "pending" as const }));
    return {
      items,
      cappedAt: selection.ids.length > max ? max : null,
      leftOut: selection.malformed.length,
      more: null,
      notApplying: 0,
    };
  }
  const { toDo, staleCount, notReached } = await resolveSelection(request, list, selection, action, max);
  return {
    items: toDo.map(({ id, name, owner }) => ({ id, name, owner, result: "pending" as const })),
    cappedAt: null,
    leftOut: 0,
    more:
      notReached > 0
        ? {
            applies: toDo.length + notReached,
            taken: toDo.length,
            again: againHref(list, selection.intent, selection.listParams),
          }
        : null,
    notApplying: staleCount,
  };
}

/** A selection read from the review page's URL (readSelection) that names an action and items. */
type ConfirmedSelection<K extends string = string> = Extract<Selection<K>, { ok: true }>;

/**
 * Reads Confirm's selection from the review page's URL, as parseSubmission reads a form: the
 * chosen intent (one of the list's table's) and its items, or the 400 that answers a selection
 * that cannot be confirmed.
 */
export function parseSelection<S, R, K extends string>(request: Request, list: BulkList<S, R, K>) {
  const selection = readSelection(new URL(request.url), list);
  if (selection.ok) return { ok: true as const, value: selection };
  return { ok: false as const, rejected: rejectedSubmission(selection.message) };
}

/**
 * Confirm's step (docs/product.md#bulk-actions), called by the list's bulk route with the table's
 * entry of the chosen intent, inside its runOnce: checks the reason and the message, takes the
 * selection's items (confirmedItems), asks for a re-authentication over REAUTHENTICATE_OVER items,
 * creates the batch, runs it and shows its results (Post/Redirect/Get). Nothing to do (every
 * matching row skipped) is refused, 400.
 */
export async function confirmBatch<S, R>(
  request: Request,
  form: FormData,
  list: BulkList<S, R>,
  selection: ConfirmedSelection,
  action: TableAction<S>,
) {
  const fields = readConfirmForm(form, action);
  if (!fields.ok) return invalidSubmission(fields.errors, fields.values);
  const confirmed = await confirmedItems(request, list, selection, action, env().BULK_MAX);
  if (!confirmed.items.some((item) => item.result === "pending")) {
    return rejectedSubmission(NOTHING_TO_DO, fields.values);
  }
  // Over REAUTHENTICATE_OVER items the admin confirms it is them first (decision 080); the Confirm
  // is held meanwhile and carried on, with its one-time key, once they have.
  const count = confirmed.items.length;
  if (count > REAUTHENTICATE_OVER) {
    await requireReauthentication(request, `${action.label} ${count} ${count === 1 ? list.noun.one : list.noun.many}`);
  }
  const batch = newBatch(request, {
    list: list.path,
    action: selection.intent,
    reason: fields.reason,
    message: fields.message,
    until: fields.until,
    back: selection.back,
    ...confirmed,
  });
  return startBatch(request, list, action, batch);
}

/**
 * Starts a batch that the store holds, on the detached request of runOnce (it goes on when the
 * browser goes away), and waits for it up to CONFIRM_WAIT_MS before showing its results page.
 */
export async function startBatch<S, R>(request: Request, list: BulkList<S, R>, action: TableAction<S>, batch: Batch) {
  // Each item is an entry of its own, some recorded after the answer: the post itself is not one.
  recordsItsOwnEntries();
  await batchStore().create(batch);
  for (const item of batch.items) auditSettledItem(list.table.kind, batch, item);
  const running = runBatch(request, list, action, batch).catch((error: unknown) => {
    logLine("error", "bulk batch stopped", { batch: batch.id, error: String(error) });
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CONFIRM_WAIT_MS)));
  // Not awaited to its end on purpose: a long batch goes on after the answer (decision 054).
  await Promise.race([running, waited]);
  clearTimeout(timer);
  return redirect(resultsHref(list, batch.id));
}

/** A new batch of `items` for the signed-in admin. */
export function newBatch(request: Request, fields: Omit<Batch, "id" | "admin" | "createdAt" | "finishedAt">): Batch {
  return {
    id: randomUUID(),
    admin: getCurrentUser(request).email,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    ...fields,
  };
}

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
