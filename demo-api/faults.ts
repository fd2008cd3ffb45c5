/** Fault injection: make chosen /api calls fail or slow down, for a number of times or for good. */
import { z } from "zod";
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
});
export type FaultInput = z.output<typeof FaultInputSchema>;

/** A registered fault. `status` null means "delay, then answer normally". */
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
  hits: number;
  createdAt: string;
}

/** Removes a leading /api, so both `/users` and `/api/users` name the same call. */
function apiRelative(path: string): string {
  return path === "/api" || path.startsWith("/api/") ? path.slice(4) || "/" : path;
}

/** The registered faults, matched in order of creation. */
export class FaultRegistry {
  private faults: Fault[] = [];
  private nextId = 1;

  /** Registers a fault; without status, body and delay it is a plain 500. */
  add(input: FaultInput, now: Date = new Date()): Fault {
    const delayOnly = input.status === undefined && input.body === undefined && (input.delayMs ?? 0) > 0;
    const fault: Fault = {
      id: this.nextId++,
      method: input.method ?? null,
      path: input.path.endsWith("*") ? apiRelative(input.path) : normalizePath(apiRelative(input.path)),
      status: delayOnly ? null : (input.status ?? 500),
      delayMs: input.delayMs ?? 0,
      times: input.times ?? null,
      remaining: input.times ?? null,
      body: input.body,
      afterCall: input.afterCall ?? false,
      hits: 0,
      createdAt: now.toISOString(),
    };
    this.faults.push(fault);
    return fault;
  }

  /** Lists the faults still in force. */
  list(): Fault[] {
    return [...this.faults];
  }

  /** Removes every fault. */
  clear(): void {
    this.faults = [];
  }

  /** Removes one fault; false if there was none with that id. */
  remove(id: number): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length !== before;
  }

  /** The first fault for this call, counted as used (and dropped when used up). */
  take(method: string, apiPath: string): Fault | null {
    const path = normalizePath(apiPath);
    const fault = this.faults.find(
      (candidate) =>
        (candidate.method === null || candidate.method === method) &&
        (candidate.path.endsWith("*") ? path.startsWith(candidate.path.slice(0, -1)) : candidate.path === path),
    );
    if (!fault) return null;
    fault.hits++;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    }
    return { ...fault };
  }
}
