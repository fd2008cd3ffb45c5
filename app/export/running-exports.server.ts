/**
 * The exports running at once on this panel process (EXPORTS_CONCURRENT, docs/operations.md#list-exports).
 * Each holds a socket, an upstream page and, for a long list, a thousand upstream calls in a row;
 * the per-admin limit (EXPORTS_PER_MINUTE) does not bound them when several admins, or one with many
 * tabs, export at once. A place is taken before the export starts and given back however it ends.
 */
import { env } from "~/config/env.server";

let running = 0;

/** A place among the running exports; `release` gives it back (once, however often it is called). */
export interface ExportPlace {
  release(): void;
}

/** Takes a place when one is free, else null: the panel is running as many exports as it may. */
export function takeExportPlace(): ExportPlace | null {
  if (running >= env().EXPORTS_CONCURRENT) return null;
  running += 1;
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      running -= 1;
    },
  };
}
