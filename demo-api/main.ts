/**
 * CLI of the demo API: `node --import tsx demo-api/main.ts`.
 * Env: DEMO_API_PORT (4010; 0 = any free port), DEMO_API_HOST (127.0.0.1),
 * DEMO_API_DATA_FILE (.data/demo-api.json; "" = in memory), DEMO_API_LATENCY_MS (0),
 * DEMO_API_PANEL_ORIGIN (http://localhost:3000), DEMO_API_PUBLIC_URL (from Host), DEMO_API_LOG (off).
 */
import { createDemoApi, DEFAULT_DATA_FILE } from "./server.ts";

function intFromEnv(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    process.stderr.write(`demo-api: ${name} must be an integer from 0 to ${max}, got "${raw}"\n`);
    process.exit(1);
  }
  return value;
}

const port = intFromEnv("DEMO_API_PORT", 4010, 65535);
const host = process.env.DEMO_API_HOST || "127.0.0.1";
const latencyMs = intFromEnv("DEMO_API_LATENCY_MS", 0, 120_000);
const log = ["1", "true", "yes"].includes((process.env.DEMO_API_LOG ?? "").toLowerCase());

const api = createDemoApi({
  // An explicitly empty DEMO_API_DATA_FILE means "in memory only".
  dataFile: process.env.DEMO_API_DATA_FILE ?? DEFAULT_DATA_FILE,
  latencyMs,
  log,
  panelOrigin: process.env.DEMO_API_PANEL_ORIGIN || undefined,
  publicUrl: process.env.DEMO_API_PUBLIC_URL || undefined,
});

try {
  const { url } = await api.listen(port, host);
  process.stdout.write(`demo-api listening on ${url}\n`);
  // Started by `npm start` or `npm run dev` (scripts/supervisor.mjs): they learn the port here.
  process.send?.({ listening: url });
} catch (error) {
  process.stderr.write(`demo-api: cannot listen on ${host}:${port}: ${(error as Error).message}\n`);
  process.exit(1);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await api.close();
  // Pending fault delays hold timers; they must not keep a stopped server alive.
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
