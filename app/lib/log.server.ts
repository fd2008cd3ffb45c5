/** One JSON object per line (warnings on stderr), as the request log writes them: what log collectors ingest. */
export function logLine(level: "info" | "warn", msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "warn") console.warn(line);
  else console.log(line);
}
