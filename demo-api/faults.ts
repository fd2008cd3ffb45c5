/**
 * Fault injection: make chosen /api calls fail, slow down or wait until a test releases them, for
 * a number of times or for good.
 */
import { z } from "zod";
import { type HeldCall, Hold } from "./holds.ts";
import { normalizePath } from "./router.ts";

/** Body of POST /__demo/faults. */
export const FaultInputSchema = z.object({
  method: z
    .string({ error: "Method must be a string" })
    .trim()
    .toUpperCase()
    .pipe(
      z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"], { error: "Method must be GET, POST, PUT, PATCH or DELETE" }),
    )
    .optional(),
  path: z
    .string({ error: "Path is required" })
    .trim()
    .startsWith("/", "Path must start with / (the path after /api, e.g. /users)"),
  status: z.number({ error: "Status must be a number" }).int().min(100).max(599, "Status must be 100..599").optional(),
  delayMs: z
    .number({ error: "delayMs must be a number" })
    .int()
    .min(0)
    .max(120_000, "delayMs must be at most 120000")
    .optional(),
  times: z.number({ error: "times must be a number" }).int().positive("times must be at least 1").optional(),
  body: z.unknown().optional(),
  afterCall: z.boolean({ error: "afterCall must be a boolean" }).optional(),
  hold: z.boolean({ error: "hold must be a boolean" }).optional(),
  query: z.record(z.string(), z.string(), { error: "query must map names to strings" }).optional(),
});
export type FaultInput = z.output<typeof FaultInputSchema>;

/** A registered fault. `status` null means "delay or hold, then answer normally". */
export interface Fault {
  id: number;
  method: string | null;
  path: string;
  status: number | null;
  delayMs: number;
  /** How many calls it affects in total; null means until deleted. */
  times: number | null;
  /** Calls it still affects; null means until deleted. */
  remaining: number | null;
  body: unknown;
  /** The call runs first (its effect happens), then the fault's status and body replace its answer. */
  afterCall: boolean;
  /** Each call waits, before anything else happens to it, until the test releases it. */
  hold: boolean;
  /** Query parameters a call must carry, each with this value, to match (`{ "page": "3" }`); null: any. */
  query: Record<string, string> | null;
  hits: number;
  createdAt: string;
}

/** A fault as the hooks show it: a hold fault also says how many calls it holds and has held. */
export type FaultView = Fault & { held?: number; arrived?: number; gone?: number };

/** Removes a leading /api, so both `/users` and `/api/users` name the same call. */
function apiRelative(path: string): string {
  return path === "/api" || path.startsWith("/api/") ? path.slice(4) || "/" : path;
}

/**
 * The registered faults, matched in order of creation. A hold fault stays listed, once its
 * `times` are used up too, until it is released or removed: its calls wait until then.
 */
export class FaultRegistry {
  private faults: Fault[] = [];
  private readonly holds = new Map<number, Hold>();
  private nextId = 1;

  /** Registers a fault; without status, body, delay or hold it is a plain 500. */
  add(input: FaultInput, now: Date = new Date()): FaultView {
    const hold = input.hold ?? false;
    const passThrough = input.status === undefined && input.body === undefined && ((input.delayMs ?? 0) > 0 || hold);
    const fault: Fault = {
      id: this.nextId++,
      method: input.method ?? null,
      path: input.path.endsWith("*") ? apiRelative(input.path) : normalizePath(apiRelative(input.path)),
      status: passThrough ? null : (input.status ?? 500),
      delayMs: input.delayMs ?? 0,
      times: input.times ?? null,
      remaining: input.times ?? null,
      body: input.body,
      afterCall: input.afterCall ?? false,
      hold,
      query: input.query ?? null,
      hits: 0,
      createdAt: now.toISOString(),
    };
    this.faults.push(fault);
    if (hold) this.holds.set(fault.id, new Hold());
    return this.view(fault);
  }

  /** Lists the faults still in force. */
  list(): FaultView[] {
    return this.faults.map((fault) => this.view(fault));
  }

  /** One fault still in force, or undefined. */
  get(id: number): FaultView | undefined {
    const fault = this.faults.find((candidate) => candidate.id === id);
    return fault && this.view(fault);
  }

  /** Removes every fault; calls held are dropped. Resolves once they have been answered. */
  async clear(): Promise<void> {
    const holds = [...this.holds.values()];
    this.faults = [];
    this.holds.clear();
    await Promise.all(holds.map((hold) => hold.end(false)));
  }

  /** Removes one fault, dropping the calls it holds; false if there was none with that id. */
  async remove(id: number): Promise<boolean> {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    await this.endHold(id, false);
    return this.faults.length !== before;
  }

  /**
   * Lets the calls a hold fault holds go on and removes the fault, so later calls pass. Resolves
   * with how many it let go once they have been answered; undefined if there is no such hold fault.
   */
  async release(id: number): Promise<number | undefined> {
    if (!this.holds.has(id)) return undefined;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.endHold(id, true);
  }

  /**
   * True once the callers of `count` calls held by a hold fault have closed their connections
   * before the answer; false when it is released or removed before; undefined if there is no such hold fault.
   */
  whenGone(id: number, count: number): Promise<boolean> | undefined {
    return this.holds.get(id)?.whenGone(count);
  }

  /**
   * True once `count` calls have arrived at a hold fault (they may have been released since);
   * false when it is released or removed before; undefined if there is no such hold fault.
   */
  whenArrived(id: number, count: number): Promise<boolean> | undefined {
    return this.holds.get(id)?.whenArrived(count);
  }

  /**
   * The first fault for this call, counted as used (and dropped when used up, unless it holds
   * calls); a hold fault holds the call from here on.
   */
  take(
    method: string,
    apiPath: string,
    search: URLSearchParams = new URLSearchParams(),
  ): { fault: Fault; held: HeldCall | null } | null {
    const path = normalizePath(apiPath);
    const fault = this.faults.find(
      (candidate) =>
        candidate.remaining !== 0 &&
        (candidate.method === null || candidate.method === method) &&
        Object.entries(candidate.query ?? {}).every(([name, value]) => search.get(name) === value) &&
        (candidate.path.endsWith("*") ? path.startsWith(candidate.path.slice(0, -1)) : candidate.path === path),
    );
    if (!fault) return null;
    fault.hits++;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0 && !fault.hold) this.faults = this.faults.filter((candidate) => candidate !== fault);
    }
    // A listed hold fault always has its Hold: both go together (add, release, remove, clear).
    return { fault: { ...fault }, held: fault.hold ? this.holds.get(fault.id)!.add() : null };
  }

  private async endHold(id: number, released: boolean): Promise<number> {
    const hold = this.holds.get(id);
    this.holds.delete(id);
    return hold ? hold.end(released) : 0;
  }

  private view(fault: Fault): FaultView {
    const hold = this.holds.get(fault.id);
    return hold ? { ...fault, held: hold.held, arrived: hold.arrived, gone: hold.gone } : { ...fault };
  }
}
