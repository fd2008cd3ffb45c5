/**
 * The note an incomplete export leaves its admin (docs/product.md#list-exports). The file says so in
 * its last line, but the browser shows nothing, and that line reads like one more record. By the
 * time the upstream fails the file's headers are long sent, so no flash cookie can carry it: the
 * note is kept in the panel's state instead (processStore: this process's memory, or Redis with
 * REDIS_URL so every instance sees it), under a digest of the admin's email, and the admin shell's
 * loader reads and clears it on their next page.
 *
 * It is a courtesy, not a record (the audit trail is the record): it expires after a day (a
 * `panel:` key with a TTL in Redis, evictable), the memory store forgets the oldest notes past
 * MEMORY_NOTES_MAX, a failed store only logs a warning, and a later complete export clears it.
 */
import { createHash } from "node:crypto";

import type { Redis } from "ioredis";

import { logLine } from "~/lib/log.server";
import { processStore } from "~/state/redis.server";

/** How long a note waits for its admin's next page. */
const NOTE_SECONDS = 24 * 60 * 60;
/** The most notes this process keeps in memory: one per admin, so far more than there are admins. */
const MEMORY_NOTES_MAX = 10_000;
const REDIS_PREFIX = "panel:export-incomplete:";

interface NoteStore {
  put(key: string, text: string): Promise<void>;
  /** The note under `key`, removed as it is read; null when there is none. */
  take(key: string): Promise<string | null>;
  drop(key: string): Promise<void>;
}

/** Notes in this process: a map in insertion order, so the oldest goes first when it is full. */
export function memoryNotes(now: () => number = Date.now, max = MEMORY_NOTES_MAX): NoteStore {
  const notes = new Map<string, { text: string; expires: number }>();
  return {
    async put(key, text) {
      notes.delete(key);
      while (notes.size >= max) notes.delete(notes.keys().next().value!);
      notes.set(key, { text, expires: now() + NOTE_SECONDS * 1000 });
    },
    async take(key) {
      const note = notes.get(key);
      notes.delete(key);
      return note && note.expires > now() ? note.text : null;
    },
    async drop(key) {
      notes.delete(key);
    },
  };
}

function redisNotes(redis: Redis): NoteStore {
  // A lost connection is not waited for on every page (expiring-set.server.ts does the same).
  const reachable = () => {
    if (redis.status === "reconnecting" || redis.status === "close" || redis.status === "end") {
      throw new Error(`redis is ${redis.status}`);
    }
  };
  return {
    async put(key, text) {
      reachable();
      await redis.set(REDIS_PREFIX + key, text, "EX", NOTE_SECONDS);
    },
    async take(key) {
      reachable();
      // Read and removed at once: two pages opened together show it once.
      const answers = await redis
        .multi()
        .get(REDIS_PREFIX + key)
        .del(REDIS_PREFIX + key)
        .exec();
      const [error, value] = answers?.[0] ?? [];
      if (error) throw error;
      return typeof value === "string" ? value : null;
    },
    async drop(key) {
      reachable();
      await redis.del(REDIS_PREFIX + key);
    },
  };
}

const notes = processStore<NoteStore>({ redis: redisNotes, memory: () => memoryNotes() });

/** The key of an admin's note: a digest, so the store holds no email address. */
function keyOf(admin: string): string {
  return createHash("sha256").update(admin.toLowerCase()).digest("hex");
}

/** What the admin's next page says about an incomplete file. */
function incompleteNotice(fileName: string, rows: number): string {
  return `The last export, ${fileName}, is incomplete: the list could not be read to its end. It has only the first ${rows} rows. Download it again.`;
}

async function quietly<T>(what: string, work: () => Promise<T>, otherwise: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logLine("warn", `export note not ${what}`, { error: error instanceof Error ? error.message : String(error) });
    return otherwise;
  }
}

/** Leaves `admin` the note that the export `fileName` stopped after `rows` rows. */
export async function noteIncompleteExport(admin: string | null, fileName: string, rows: number): Promise<void> {
  if (!admin) return;
  await quietly("kept", () => notes().put(keyOf(admin), incompleteNotice(fileName, rows)), undefined);
}

/** A complete export since: the admin's note, if any, no longer applies. */
export async function forgetIncompleteExport(admin: string | null): Promise<void> {
  if (!admin) return;
  await quietly("cleared", () => notes().drop(keyOf(admin)), undefined);
}

/** The admin's note of an incomplete export, read once (the shell's loader shows it); null when there is none. */
export async function takeIncompleteExportNotice(admin: string | null): Promise<string | null> {
  if (!admin) return null;
  return quietly("read", () => notes().take(keyOf(admin)), null);
}
