/**
 * Where bulk batches live (docs/decisions/068-batches-that-survive-a-restart.md): on the panel's
 * state engine (app/state/), so a batch outlives a restart of `npm start` (the embedded engine keeps
 * it on disk in STATE_DIR) and its results page answers on every instance (Redis). The family
 * `bulk` must persist: a lost batch loses its results and what did not run.
 *
 * - `bulk:<id>`: the batch as it started (its items, each pending or settled at Confirm);
 * - `bulk:<id>:item:<index>`: an item's result, written once when the item ends (one small write,
 *   never the whole batch again);
 * - `bulk:<id>:end`: when it ended, and whether it was interrupted (claimed: one end per batch);
 * - `bulk:<id>:runner`: the process running it, refreshed while it runs (a heartbeat that expires);
 * - `bulk:running`: the ids of the batches not ended, for the look at start.
 * Everything expires 24 hours after it is written.
 *
 * A batch not ended whose runner is gone (its process was killed, or stopped before the batch could
 * say so) is interrupted the first time it is read: its pending items are "not run". On Redis a
 * runner is gone once its heartbeat has expired, so a batch another live instance runs is left
 * alone; on the embedded engine this process holds the directory alone, so a runner other than
 * itself is a former process's.
 */
import { randomUUID } from "node:crypto";

import { logLine } from "~/lib/log.server";
import { memoryEngine } from "~/state/engine";
import { familyOn, stateFamily, type StateFamily } from "~/state/family.server";

/** How one item of a batch ended, "pending" while it waits or runs, or "notRun": the batch was interrupted first. */
export type ItemResult = "pending" | "done" | "skipped" | "failed" | "unknown" | "notRun";

/** Why a batch ended before all its items ran: the panel stopped (SIGTERM), or its runner was lost (a crash). */
export type Interruption = "stopped" | "lost";

/** One item of a batch: which one, its name at the time, and how it ended. */
export interface BatchItem {
  id: string;
  name: string;
  /** The member it belongs to (FoundItem's owner), for its audit entry. */
  owner?: string | null;
  result: ItemResult;
  /** Why it was skipped or not run, the upstream's message for a failure, or a note on a success. */
  detail?: string | null;
  /** The upstream's status, when it answered. */
  status?: number | null;
  /** Done, but the message to the member (Reject's) was not sent: "Resend the message" sends it alone. */
  messageFailed?: boolean;
}

/** A bulk action as it runs and ran: who, what, why, and each item's result. */
export interface Batch {
  id: string;
  /** The list's path: "users". */
  list: string;
  /** The action's name as the selection sends it: "ban". */
  action: string;
  /** The reason line the audit keeps, for actions that ask one. */
  reason: string | null;
  /** The message to the member (Reject, Ban), or null for none. */
  message: string | null;
  /** A ban's end for every item (epoch ms), null or absent for a permanent one (docs/product.md#bans-with-an-end). */
  until?: number | null;
  admin: string | null;
  /** The list with its filters. */
  back: string;
  createdAt: string;
  finishedAt: string | null;
  /** Set when it ended before all its items ran; its pending items are then "notRun". */
  interrupted?: Interruption | null;
  /** More ids were named than this many: the first ones were taken. */
  cappedAt: number | null;
  /** Ids of the selection that were not on the list, left out. */
  leftOut: number;
  /**
   * "Select all matching" applied to more items than BULK_MAX: how many it applied to at Confirm,
   * how many of them were taken, and the review page that runs it again for the rest.
   */
  more?: { applies: number; taken: number; again: string } | null;
  /** "Select all matching": the matching items the action no longer applied to, left out. */
  notApplying?: number;
  /** A batch that sends only the message to the member (Reject's), the action itself done before. */
  messageOnly?: boolean;
  items: BatchItem[];
}

/** The batch store: create a batch (run by this process), note one item's result, note the end, read a batch. */
export interface BatchStore {
  /** Keeps a new batch that this process runs: its heartbeat starts with it. */
  create(batch: Batch): Promise<void>;
  /** The batch with its items' results; one whose runner is gone is interrupted first. */
  get(id: string): Promise<Batch | undefined>;
  setItem(id: string, index: number, item: BatchItem): Promise<void>;
  /** Notes the end (once: an end already noted stays), and stops the heartbeat. */
  finish(id: string, at: string, interrupted?: Interruption | null): Promise<void>;
  /** Refreshes the heartbeat of every batch this process runs. */
  beat(): Promise<void>;
  /** Reads every batch not ended: those whose runner is gone are interrupted. Answers how many were. */
  interruptOrphans(): Promise<number>;
}

/** How long a batch's results are kept. */
export const BATCH_TTL_SECONDS = 24 * 60 * 60;

/** How often a running batch's heartbeat is refreshed, and how long one lives unrefreshed. */
const HEARTBEAT_MS = 5_000;
const RUNNER_TTL_SECONDS = 30;

/** What the results page says of an item that did not run, by why its batch was interrupted. */
export const NOT_RUN_TEXTS: Record<Interruption, string> = {
  stopped: "Not sent: the panel stopped before this item's turn",
  lost: "The panel stopped while this batch ran: not sent, unless it was being sent right then (Retry reads it first)",
};

/** The end of a batch as stored. */
interface End {
  finishedAt: string;
  interrupted: Interruption | null;
}

const RUNNING = "running";
const itemKey = (id: string, index: number) => `${id}:item:${index}`;
const endKey = (id: string) => `${id}:end`;
const runnerKey = (id: string) => `${id}:runner`;

function parsed<T>(value: string | undefined): T | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as T;
  } catch {
    return undefined;
  }
}

/**
 * The batch store on a family of state keys. `instance` names this process in the heartbeats;
 * `now` is the clock of the ends it notes.
 */
export function batchStoreOn(
  keys: StateFamily,
  { instance = randomUUID(), now = Date.now }: { instance?: string; now?: () => number } = {},
): BatchStore {
  /** The batches this process runs: their heartbeats are refreshed. */
  const here = new Set<string>();

  /** Changes the index of running batches at once (compare and swap; several instances may change it together). */
  async function changeIndex(change: (ids: string[]) => string[]): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const current = await keys.get(RUNNING);
      const next = JSON.stringify(change(parsed<string[]>(current) ?? []));
      if (next === current) return;
      const stored =
        current === undefined
          ? (await keys.claim(RUNNING, next, BATCH_TTL_SECONDS)) === undefined
          : await keys.swap(RUNNING, current, next, BATCH_TTL_SECONDS);
      if (stored) return;
    }
    throw new Error("the index of running bulk batches kept changing");
  }

  /** Whether the runner a batch names is gone: expired, or (this process holding the keys alone) a former process's. */
  async function runnerGone(runner: string | undefined): Promise<boolean> {
    if (runner === undefined) return true;
    return runner !== instance && !(await keys.shared());
  }

  /** Notes the end once: answers the end that holds (this one, or one noted before). */
  async function noteEnd(id: string, end: End): Promise<{ end: End; noted: boolean }> {
    const held = await keys.claim(endKey(id), JSON.stringify(end), BATCH_TTL_SECONDS);
    return held === undefined ? { end, noted: true } : { end: parsed<End>(held) ?? end, noted: false };
  }

  /** The batch with its results; `interruptedNow` when this read found its runner gone and noted its end. */
  async function read(id: string): Promise<{ batch: Batch; interruptedNow: boolean } | undefined> {
    const batch = parsed<Batch>(await keys.get(id));
    if (!batch) return undefined;
    const values = await keys.getMany([
      ...batch.items.map((_, index) => itemKey(id, index)),
      endKey(id),
      runnerKey(id),
    ]);
    batch.items = batch.items.map((item, index) => parsed<BatchItem>(values[index]) ?? item);
    let end = parsed<End>(values[batch.items.length]);
    let interruptedNow = false;
    if (!end && (await runnerGone(values[batch.items.length + 1]))) {
      const ended = await noteEnd(id, { finishedAt: new Date(now()).toISOString(), interrupted: "lost" });
      end = ended.end;
      interruptedNow = ended.noted;
      if (ended.noted) {
        logLine("warn", "bulk batch interrupted: its panel process stopped while it ran", {
          batch: id,
          list: batch.list,
          action: batch.action,
          admin: batch.admin,
          notRun: batch.items.filter((item) => item.result === "pending").length,
          interrupted: "lost",
        });
        await changeIndex((ids) => ids.filter((running) => running !== id));
      }
    }
    batch.finishedAt = end?.finishedAt ?? null;
    batch.interrupted = end?.interrupted ?? null;
    if (batch.interrupted) {
      const detail = NOT_RUN_TEXTS[batch.interrupted];
      batch.items = batch.items.map((item) =>
        item.result === "pending" ? { ...item, result: "notRun", detail } : item,
      );
    }
    return { batch, interruptedNow };
  }

  return {
    async create(batch) {
      here.add(batch.id);
      // The heartbeat first: whoever reads the batch finds its runner alive.
      await keys.set(runnerKey(batch.id), instance, RUNNER_TTL_SECONDS);
      await keys.set(batch.id, JSON.stringify({ ...batch, finishedAt: null, interrupted: null }), BATCH_TTL_SECONDS);
      await changeIndex((ids) => [...ids, batch.id]);
    },
    get: async (id) => (await read(id))?.batch,
    async setItem(id, index, item) {
      await keys.set(itemKey(id, index), JSON.stringify(item), BATCH_TTL_SECONDS);
    },
    async finish(id, at, interrupted = null) {
      await noteEnd(id, { finishedAt: at, interrupted });
      here.delete(id);
      await keys.release(runnerKey(id), instance);
      await changeIndex((ids) => ids.filter((running) => running !== id));
    },
    async beat() {
      await Promise.all([...here].map((id) => keys.set(runnerKey(id), instance, RUNNER_TTL_SECONDS)));
    },
    async interruptOrphans() {
      const ids = parsed<string[]>(await keys.get(RUNNING)) ?? [];
      if (ids.length === 0) return 0;
      // The ends and runners of them all in one read; only a batch that looks orphaned is read whole.
      const values = await keys.getMany(ids.flatMap((id) => [id, endKey(id), runnerKey(id)]));
      let interrupted = 0;
      const left: string[] = [];
      for (const [at, id] of ids.entries()) {
        const [batch, end, runner] = values.slice(at * 3, at * 3 + 3);
        // Expired, or ended without leaving the index (its process stopped in between).
        if (batch === undefined || end !== undefined) left.push(id);
        else if (await runnerGone(runner)) {
          const found = await read(id);
          if (found?.interruptedNow) interrupted++;
        }
      }
      if (left.length > 0) await changeIndex((running) => running.filter((id) => !left.includes(id)));
      return interrupted;
    },
  };
}

/** A store on an engine of its own in this process's memory (unit tests), on the clock `now`. */
export function memoryBatchStore(now: () => number = Date.now): BatchStore {
  const engine = memoryEngine(now);
  return batchStoreOn(
    familyOn(async () => engine, "bulk"),
    { now },
  );
}

// Kept on globalThis: under `npm run dev` Vite evaluates this module again after an edit, while the
// batches the first copy runs go on (their heartbeats with them).
const held = globalThis as {
  panelBatchStore?: { store: BatchStore; timer: NodeJS.Timeout; ticking: Promise<void> };
};

/**
 * The process's batch store on the state engine. Its first use reads the batches left running
 * (by a process that stopped, on this directory or this Redis) and interrupts those whose runner
 * is gone; then, every HEARTBEAT_MS, it refreshes its own batches' heartbeats and, where other
 * instances share the keys, looks again for batches whose instance died.
 */
export function batchStore(): BatchStore {
  if (held.panelBatchStore) return held.panelBatchStore.store;
  const keys = stateFamily("bulk");
  const store = batchStoreOn(keys);
  const look = async () => {
    try {
      await store.interruptOrphans();
    } catch (error) {
      logLine("warn", "bulk batches could not be checked for interrupted ones", { error: String(error) });
    }
  };
  const tick = async () => {
    try {
      await store.beat();
    } catch (error) {
      logLine("warn", "bulk batch heartbeat not written", { error: String(error) });
    }
    if (await keys.shared().catch(() => false)) await look();
  };
  const state = {
    store,
    // tick() handles its own failures; the one under way is kept for stopBatchStore to wait for.
    timer: setInterval(() => {
      state.ticking = tick();
    }, HEARTBEAT_MS),
    ticking: look(),
  };
  state.timer.unref();
  held.panelBatchStore = state;
  return store;
}

/** At shutdown, once the batches have ended (stopBatches): no more heartbeats or looks, the one under way ended. */
export async function stopBatchStore(): Promise<void> {
  const state = held.panelBatchStore;
  if (!state) return;
  clearInterval(state.timer);
  await state.ticking;
}
