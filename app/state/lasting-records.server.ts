/**
 * What the panel's lasting records (staff notes, saved messages) share: how long they live, how a
 * stored JSON value is read, and how a value is changed at once on a family (compare and swap,
 * tried again when another request changed it in between), on the embedded engine and on Redis.
 */
import type { z } from "zod";

import type { StateFamily } from "~/state/family.server";

/** Records that must persist live this long: ten years, renewed by every write (as the second factors). */
export const LASTING_SECONDS = 10 * 365 * 86_400;

/** How often a change is tried again when another request changed the value in between. */
const ATTEMPTS = 50;

/** A stored JSON value read with `schema`; null when absent or not what the schema says. */
export function parseStored<T>(stored: string | undefined, schema: z.ZodType<T>): T | null {
  if (stored === undefined) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Changes the value under `id` at once: `change` gets what is held (undefined when nothing is) and
 * answers the new value, or undefined to leave it as it is. Throws when every attempt lost to
 * another writer (each lost attempt is another writer's win).
 */
export async function changeAtOnce(
  family: StateFamily,
  id: string,
  change: (held: string | undefined) => string | undefined,
): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const held = await family.get(id);
    const next = change(held);
    if (next === undefined || next === held) return;
    const stored =
      held === undefined
        ? (await family.claim(id, next, LASTING_SECONDS)) === undefined
        : await family.swap(id, held, next, LASTING_SECONDS);
    if (stored) return;
  }
  throw new Error(`${id} not changed: another request changed it each time`);
}
