/**
 * The bulk pages' helpers (docs/product.md#bulk-actions), for every list: what the review page and
 * the results page show (their loaders call loadBulkReview and loadBulkResults with their list),
 * and the steps their actions take. Each list's bulk routes write their own actions, like every
 * other action (typed intent, `switch`): Confirm calls confirmBatch with the table's entry of the
 * chosen intent; the results page's Retry and "Resend the message" call retryBatch and
 * resendMessages.
 */
import { randomUUID } from "node:crypto";

import { data, redirect } from "react-router";
import * as z from "zod/mini";

import type { BulkList } from "./bulk-list";
import { type Batch, type BatchItem, batchStore, type ItemResult } from "./batch-store.server";
import { auditSettledItem, runBatch } from "./run-batch.server";
import { readSelection, resolveSelection, type Selection, selectionShown } from "./selection.server";
import type { BulkResultsView, BulkReviewView } from "./views";
import { memberOf } from "~/audit/entry";
import { env } from "~/config/env.server";
import { noteSummaries } from "~/state/staff-notes.server";
import { UNKNOWN_ACTION } from "~/forms/fields";
import { parseForm, type FormErrors } from "~/forms/form-data.server";
import {
  MemberMessageSchema,
  MODERATION_REASONS,
  OTHER_REASON,
  reasonFields,
  reasonLine,
} from "~/forms/moderation-reasons";
import { logLine } from "~/lib/log.server";
import { pageError } from "~/lib/page-error";
import type { TableAction } from "~/recipe/action-table.server";
import { BanDurationSchema } from "~/forms/ban-terms";
import { invalidSubmission, rejectedSubmission } from "~/recipe/failure.server";
import { recordsItsOwnEntries } from "~/audit/record.server";
import { requireReauthentication } from "~/recipe/reauthentication.server";
import { REAUTHENTICATE_OVER } from "~/session/reauthentication.server";
import { replaceWithInfo } from "~/session/toast.server";
import { getCurrentUser, requireUser } from "~/session/user.server";
import { mayPost } from "~/session/permissions";
import { savedMessagePicker } from "~/components/moderation/saved-message-picker.server";

/** Items the review page lists on each of its pages (`reviewPage` in its URL). */
const REVIEW_PAGE_SIZE = 50;

/** Left-out items the review page names with their reasons, before "and {N} more". */
const STALE_SHOWN = 50;

/**
 * How long Confirm waits for its batch before it shows the results page: a batch that ends by then
 * shows finished; a longer one shows its progress there (docs/decisions/054-how-a-running-batch-is-seen.md).
 */
const CONFIRM_WAIT_MS = 3_000;

export const BULK_PAGE_TEXTS = {
  nothingToDo: "Nothing to do: the action no longer applies to any of the selected items.",
  nothingToRetry: "Nothing to retry: no item of this batch failed.",
  nothingToResend: "Nothing to resend: every message of this batch was sent.",
  notFound: "These results are gone: a bulk action's results are kept for 24 hours.",
} as const;

/** A batch id as the panel makes them (randomUUID). */
const BATCH_ID = /^[0-9a-f-]{36}$/;

/** The results page of a batch. */
function resultsHref(list: Pick<BulkList<unknown>, "path">, batchId: string): string {
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

/**
 * Starts a batch that the store holds, on the detached request of runOnce (it goes on when the
 * browser goes away), and waits for it up to CONFIRM_WAIT_MS before showing its results page.
 */
async function startBatch<S, R>(request: Request, list: BulkList<S, R>, action: TableAction<S>, batch: Batch) {
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
function newBatch(request: Request, fields: Omit<Batch, "id" | "admin" | "createdAt" | "finishedAt">): Batch {
  return {
    id: randomUUID(),
    admin: getCurrentUser(request).email,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    ...fields,
  };
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
    return rejectedSubmission(BULK_PAGE_TEXTS.nothingToDo, fields.values);
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

/** The batch of a results URL, on this list; 404 otherwise. */
export async function batchOf(list: Pick<BulkList<unknown>, "path">, batchId: string | undefined): Promise<Batch> {
  const batch = batchId && BATCH_ID.test(batchId) ? await batchStore().get(batchId) : undefined;
  if (!batch || batch.list !== list.path) throw pageError(404, BULK_PAGE_TEXTS.notFound);
  return batch;
}

/**
 * Failed items, those whose outcome is unknown, and those an interrupted batch did not run: Retry
 * reads each again before sending anything.
 */
const retryable = (item: BatchItem) =>
  item.result === "failed" || item.result === "unknown" || item.result === "notRun";

/** Done items whose message to the member was not sent: "Resend the message" sends it alone. */
const resendable = (item: BatchItem) => item.result === "done" && item.messageFailed === true;

/** What a results page calls a batch: the action's label, or, for a message sent alone, that. */
function batchLabel<S, R>(list: BulkList<S, R>, batch: Batch): string {
  if (batch.messageOnly) return RESEND_LABEL;
  return tableEntry(list, batch)?.label ?? batch.action;
}

/** The table's entry of a batch's action; none for a name the table no longer has. */
function tableEntry<S, R>(list: BulkList<S, R>, batch: Batch): TableAction<S> | undefined {
  const { actions } = list.table as { actions: Record<string, TableAction<S>> };
  return Object.hasOwn(actions, batch.action) ? actions[batch.action] : undefined;
}

/** The label of a batch that sends only the message to the member. */
const RESEND_LABEL = "Resend the message";

/** The results page: each item's result, the counts, and whether the batch still runs. */
export async function loadBulkResults<S, R>(
  request: Request,
  list: BulkList<S, R>,
  batchId: string | undefined,
): Promise<BulkResultsView> {
  const { panelRole } = await requireUser(request);
  const batch = await batchOf(list, batchId);
  const counts: Record<ItemResult, number> = { pending: 0, done: 0, skipped: 0, failed: 0, unknown: 0, notRun: 0 };
  for (const item of batch.items) counts[item.result]++;
  // Retry, Resend and "the rest" run the batch's action again: offered to a role that may (permissions.ts).
  const again = mayPost(panelRole, `/${list.path}/bulk`, batch.action);
  const ended = batch.finishedAt !== null;
  const more = again ? batch.more : undefined;
  return {
    title: list.title,
    label: batchLabel(list, batch),
    reason: batch.reason,
    running: !ended,
    interrupted: batch.interrupted ?? null,
    back: batch.back,
    cappedAt: batch.cappedAt,
    leftOut: batch.leftOut,
    more: more
      ? {
          ...more,
          notReached: more.applies - more.taken,
          noun: more.applies === 1 ? list.noun.one : list.noun.many,
        }
      : null,
    notApplying: batch.notApplying ?? 0,
    counts,
    retry: ended && again ? batch.items.filter(retryable).length : 0,
    resend: ended && again && batch.message && !batch.messageOnly ? batch.items.filter(resendable).length : 0,
    items: batch.items.map(({ id, name, result, detail }) => {
      const shown = name || `Id ${id}`;
      return { id, name: shown, href: list.itemHref({ id, name: shown }), result, detail: detail ?? null };
    }),
  };
}

/** The results page's buttons: Retry (failed, unknown and not-run items) and "Resend the message". */
export const BulkResultsActionSchema = z.object(
  { intent: z.enum(["retry", "resend"], { error: UNKNOWN_ACTION }) },
  { error: UNKNOWN_ACTION },
);

/**
 * Retry ("Retry failed ({k})", "Retry what did not run ({k})"), called by the results route inside
 * its runOnce: a new batch of the failed, unknown and not-run items, same action, reason and
 * message, each read again first.
 */
export function retryBatch<S, R>(request: Request, list: BulkList<S, R>, batch: Batch) {
  return again(request, list, batch, batch.items.filter(retryable), false);
}

/**
 * "Resend the message ({k})": a new batch that sends only the message to the members whose item
 * was done without it.
 */
export function resendMessages<S, R>(request: Request, list: BulkList<S, R>, batch: Batch) {
  const chosen = batch.messageOnly || !batch.message ? [] : batch.items.filter(resendable);
  return again(request, list, batch, chosen, true);
}

/**
 * A new batch of `chosen` items of `batch` (a message-only one when `resend`), after a
 * re-authentication over REAUTHENTICATE_OVER items; nothing to do is said on the results page.
 */
async function again<S, R>(request: Request, list: BulkList<S, R>, batch: Batch, chosen: BatchItem[], resend: boolean) {
  const action = tableEntry(list, batch);
  const items = chosen.map(({ id, name, owner }) => ({ id, name, owner, result: "pending" as const }));
  if (!action || items.length === 0 || batch.finishedAt === null) {
    const nothing = resend ? BULK_PAGE_TEXTS.nothingToResend : BULK_PAGE_TEXTS.nothingToRetry;
    return replaceWithInfo(request, resultsHref(list, batch.id), nothing);
  }
  // A Retry or a resend over REAUTHENTICATE_OVER items is a bulk action too (decision 080).
  if (items.length > REAUTHENTICATE_OVER) {
    const noun = items.length === 1 ? list.noun.one : list.noun.many;
    await requireReauthentication(request, `${resend ? RESEND_LABEL : action.label} ${items.length} ${noun}`);
  }
  const next = newBatch(request, {
    list: list.path,
    action: batch.action,
    reason: batch.reason,
    message: batch.message,
    until: batch.until ?? null,
    back: batch.back,
    cappedAt: null,
    leftOut: 0,
    messageOnly: resend || batch.messageOnly === true,
    items,
  });
  return startBatch(request, list, action, next);
}
