/**
 * The note an incomplete export leaves its admin (docs/product.md#list-exports). The file says so in
 * its last line, but the browser shows nothing, and that line reads like one more record. By the
 * time the upstream fails the file's headers are long sent, so no flash cookie can carry it: the
 * note is kept in the panel's state instead (app/state/: every instance sees it), under a digest
 * of the admin's email, and the admin shell's loader takes it on their next page.
 *
 * It is a courtesy, not a record (the audit trail is the record): it expires after a day (a
 * `panel:` key with a TTL in Redis, which may be lost), a failed store only logs a warning, and a
 * later complete export clears it.
 */
import { createHash } from "node:crypto";

import { logLine } from "~/lib/log.server";
import { stateFamily } from "~/state/family.server";

/** How long a note waits for its admin's next page. */
const NOTE_SECONDS = 24 * 60 * 60;

const notes = stateFamily("export-incomplete");

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
  await quietly("kept", () => notes.set(keyOf(admin), incompleteNotice(fileName, rows), NOTE_SECONDS), undefined);
}

/** A complete export since: the admin's note, if any, no longer applies. */
export async function forgetIncompleteExport(admin: string | null): Promise<void> {
  if (!admin) return;
  await quietly("cleared", () => notes.delete(keyOf(admin)), undefined);
}

/** The admin's note of an incomplete export, read once (the shell's loader shows it); null when there is none. */
export async function takeIncompleteExportNotice(admin: string | null): Promise<string | null> {
  if (!admin) return null;
  return quietly("read", async () => (await notes.take(keyOf(admin))) ?? null, null);
}
