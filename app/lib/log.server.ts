import { pino } from "pino";

/**
 * The panel's one logger (pino): one JSON object per line on stdout, what log collectors ingest
 * without a parser. Each line carries `level` as a word, `time` (ISO 8601) and `msg`; the request
 * log (server/logging.ts, pino-http), the process events of server.js and every app line go
 * through it (docs/operations.md#logs).
 */
export const log = pino(
  {
    // No pid or hostname on every line: the collector knows which instance wrote it.
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    hooks: {
      // A line pino cannot write (a built-in broken by prototype pollution, which /readyz is
      // there to report) must not stop the process from inside a response's 'finish' handler:
      // its level and message are written plainly, with the reason.
      logMethod(args, write, level) {
        try {
          write.apply(this, args);
        } catch (error) {
          const msg = args.find((arg) => typeof arg === "string");
          const line = { level: this.levels.labels[level], time: new Date().toISOString(), msg };
          process.stdout.write(`${JSON.stringify({ ...line, logError: String(error) })}\n`);
        }
      },
    },
  },
  // Written like console.log, synchronously on Linux (files, pipes, terminals): a line logged
  // just before process.exit is not lost.
  process.stdout,
);

/** One event line: `logLine("warn", "redis unavailable", { error: error.message })`. */
export function logLine(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}): void {
  log[level](fields, msg);
}
