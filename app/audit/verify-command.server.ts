// `npm run audit:verify`: checks the audit trail's hash chain in the store the environment names
// (REDIS_URL, else AUDIT_DIR; docs/operations.md#audit-trail) and names the first broken entry.
// With `--head SEQ:HASH` (or AUDIT_KNOWN_HEAD), a head published earlier (the hourly `audit head`
// log line), it also fails when the trail no longer holds that entry with that hash: the newest
// entries removed and the head moved back. It checks the trim point against AUDIT_RETENTION_DAYS
// and the indexes against the entries (verify.server.ts).
// Exit code 0: the trail holds; 1: it is broken (the message names what); 2: the store could not be
// read, or the arguments are malformed.
// The embedded store is held by the running panel (one process at a time): the check then reads
// a copy of its directory, which LevelDB opens as after a crash, every entry written so far included.
// A server entry of the build (build/server/audit-verify.js, vite.config.ts): it runs where the
// panel runs, the container included, without TypeScript tooling.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { levelEngine } from "~/audit/level-engine.server";
import { openConfiguredEngine } from "~/audit/trail.server";
import { verifyChain } from "~/audit/verify.server";
import { EnvSchema } from "~/config/env.server";

/** A head published earlier (the `audit head` log line) as `<seq>:<hash>`. */
const HEAD_PATTERN = /^(\d{1,15}):([0-9a-f]{64})$/i;

/** `--head SEQ:HASH` (or `--head=SEQ:HASH`), else AUDIT_KNOWN_HEAD; null when neither is given. */
function knownHead(args: readonly string[]): { seq: number; hash: string } | null {
  let value: string | undefined;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === "--head") value = args[++at] ?? "";
    else if (arg.startsWith("--head=")) value = arg.slice("--head=".length);
    else throw new Error(`unknown argument "${arg}" (the one option is --head <seq>:<hash>)`);
  }
  value ??= process.env.AUDIT_KNOWN_HEAD || undefined;
  if (value === undefined) return null;
  const match = HEAD_PATTERN.exec(value.trim());
  if (!match) {
    throw new Error(
      `--head (or AUDIT_KNOWN_HEAD) must be <seq>:<hash> as an "audit head" log line gives them (a number, a colon, 64 hex digits), not "${value}"`,
    );
  }
  return { seq: Number(match[1]), hash: match[2]!.toLowerCase() };
}

// Only the store's variables: the check needs no upstream, whatever else the environment holds.
function storeSettings() {
  return {
    REDIS_URL: EnvSchema.shape.REDIS_URL.parse(process.env.REDIS_URL || undefined),
    AUDIT_DIR: EnvSchema.shape.AUDIT_DIR.parse(process.env.AUDIT_DIR || undefined),
    AUDIT_RETENTION_DAYS: EnvSchema.shape.AUDIT_RETENTION_DAYS.parse(process.env.AUDIT_RETENTION_DAYS || undefined),
  };
}

async function openForCheck(store: ReturnType<typeof storeSettings>) {
  if (!store.REDIS_URL && !existsSync(path.resolve(store.AUDIT_DIR))) {
    throw new Error(`no audit store at ${path.resolve(store.AUDIT_DIR)} (AUDIT_DIR)`);
  }
  try {
    return { engine: await openConfiguredEngine(store), copy: null };
  } catch (error) {
    if (store.REDIS_URL || (error as { cause?: { code?: string } }).cause?.code !== "LEVEL_LOCKED") throw error;
    const copy = mkdtempSync(path.join(tmpdir(), "audit-verify-"));
    cpSync(path.resolve(store.AUDIT_DIR), copy, {
      recursive: true,
      filter: (source) => path.basename(source) !== "LOCK",
    });
    console.log(`${store.AUDIT_DIR} is in use by the panel: checking a copy of it.`);
    return { engine: await levelEngine(copy), copy };
  }
}

/** Checks the store and prints what it found; sets the exit code. */
async function check(store: ReturnType<typeof storeSettings>, known: ReturnType<typeof knownHead>) {
  try {
    const where = store.REDIS_URL ? "Redis (REDIS_URL)" : path.resolve(store.AUDIT_DIR);
    const { engine, copy } = await openForCheck(store);
    try {
      const report = await verifyChain(engine, { knownHead: known, retentionDays: store.AUDIT_RETENTION_DAYS });
      if (report.ok) {
        const lines = [
          report.checked === 0
            ? `The audit trail in ${where} is empty.`
            : `The audit trail in ${where} holds: ${report.checked} entries, ${report.from} to ${report.head.seq}, each linked to the one before.`,
          "Every entry is listed in the indexes its fields name, and the indexes list nothing else.",
          `Its head: ${report.head.seq}:${report.head.hash} (the form of an "audit head" log line, for --head).`,
        ];
        if (report.heldKnownHead) lines.push(`It holds the published head, entry ${known!.seq}, with its hash.`);
        if (report.trim) {
          lines.push(
            report.trim.at === undefined
              ? `Before it, retention removed the entries up to ${report.trim.seq}.`
              : `Before it, retention removed the entries up to ${report.trim.seq} (of ${report.trim.at}, older than AUDIT_RETENTION_DAYS, ${store.AUDIT_RETENTION_DAYS} days).`,
          );
        }
        for (const note of report.notes) lines.push(`Not checked: ${note}.`);
        console.log(lines.join("\n"));
      } else {
        const { seq, problem, part } = report.broken;
        const held = part === "chain" ? ` (${report.checked} entries before it hold)` : "";
        console.error(`The audit trail in ${where} is broken at entry ${seq}: ${problem}${held}.`);
        process.exitCode = 1;
      }
    } finally {
      await engine.close();
      if (copy) rmSync(copy, { recursive: true, force: true });
    }
  } catch (error) {
    console.error(`The audit trail could not be read: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

let settings: { store: ReturnType<typeof storeSettings>; known: ReturnType<typeof knownHead> } | undefined;
try {
  settings = { known: knownHead(process.argv.slice(2)), store: storeSettings() };
} catch (error) {
  console.error(`The audit trail was not checked: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
if (settings) await check(settings.store, settings.known);
