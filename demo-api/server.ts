/**
 * The demo upstream API: our stand-in for the provider's REST API under /api, plus test
 * hooks (/__demo/), presigned uploads (/uploads/) and the seeded files (/files/).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api.ts";
import { FaultRegistry } from "./faults.ts";
import { handleHook } from "./hooks.ts";
import { sendJson } from "./http.ts";
import { RequestLog } from "./request-log.ts";
import { createApiRouter } from "./routes.ts";
import { serveSeedFile } from "./static-files.ts";
import { DemoStore } from "./store.ts";
import { UploadStore } from "./uploads.ts";

/** Where the CLI and createDemoApi keep their data unless told otherwise. */
export const DEFAULT_DATA_FILE = ".data/demo-api.json";
/** Origin of the panel for links in emails, unless a request sends X-Panel-Origin. */
export const DEFAULT_PANEL_ORIGIN = "http://localhost:3000";

export interface DemoApiOptions {
  /** JSON file to persist to (default `.data/demo-api.json`); "" keeps everything in memory. */
  dataFile?: string;
  /** Extra latency of every /api call, in milliseconds. */
  latencyMs?: number;
  /** Log each /api call to stderr. */
  log?: boolean;
  /** Panel origin used in email links (default http://localhost:3000). */
  panelOrigin?: string;
  /** Fixed origin for file and upload links; by default the request's Host header decides. */
  publicUrl?: string;
}

export interface DemoApi {
  /** Starts listening; port 0 picks a free port. Resolves with e.g. `http://127.0.0.1:4010`. */
  listen(port: number, host?: string): Promise<{ url: string }>;
  /** Stops listening, drops held calls and open connections, and writes pending data. */
  close(): Promise<void>;
}

/** Creates the demo API; the data file (if any) is read when listen() is called. */
export function createDemoApi(options: DemoApiOptions = {}): DemoApi {
  const dataFile = options.dataFile ?? DEFAULT_DATA_FILE;
  const panelOrigin = (options.panelOrigin ?? DEFAULT_PANEL_ORIGIN).replace(/\/+$/, "");
  const publicUrl = options.publicUrl?.replace(/\/+$/, "") || undefined;
  const warn = (line: string) => process.stderr.write(`${line}\n`);
  const faults = new FaultRegistry();
  const requestLog = new RequestLog();
  const router = createApiRouter();
  const startedAt = Date.now();
  let listenAddress = "127.0.0.1";
  let store: DemoStore | undefined;
  let uploads: UploadStore | undefined;
  let server: ReturnType<typeof createServer> | undefined;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!store || !uploads) return sendJson(res, 503, { message: "Starting" });
    const url = new URL(req.url ?? "/", "http://demo-api.invalid");
    const pathname = url.pathname;
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      return handleApi(req, res, url, {
        router,
        store,
        uploads,
        faults,
        requestLog,
        latencyMs: Math.max(0, options.latencyMs ?? 0),
        panelOrigin,
        publicUrl,
        fallbackHost: () => listenAddress,
        log: options.log ? warn : null,
      });
    }
    if (pathname === "/__demo" || pathname.startsWith("/__demo/")) {
      return handleHook(req, res, url, { store, uploads, faults, requestLog, startedAt });
    }
    if (pathname.startsWith("/uploads/")) return uploads.handle(req, res, url);
    if (pathname.startsWith("/files/") && (req.method === "GET" || req.method === "HEAD")) {
      return serveSeedFile(res, pathname, store.data, req.method === "HEAD");
    }
    if (pathname === "/" && req.method === "GET") {
      return sendJson(res, 200, { name: "demo-api", api: "/api", hooks: "/__demo/health", docs: "docs/demo-api.md" });
    }
    return sendJson(res, 404, { message: "Not found" });
  }

  return {
    async listen(port, host = "127.0.0.1") {
      if (server) throw new Error("demo-api is already listening");
      store = await DemoStore.open({ dataFile: dataFile || null, panelOrigin, warn });
      uploads = new UploadStore(store);
      const created = createServer((req, res) => {
        route(req, res).catch((error: unknown) => {
          warn(`demo-api: ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`);
          if (!res.headersSent) sendJson(res, 500, { message: "Internal server error" });
          else res.destroy();
        });
      });
      server = created;
      await new Promise<void>((resolve, reject) => {
        created.once("error", reject);
        created.listen(port, host, () => {
          created.off("error", reject);
          resolve();
        });
      });
      const address = created.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      listenAddress = `${shownHost}:${address.port}`;
      return { url: `http://${listenAddress}` };
    },

    async close() {
      const current = server;
      server = undefined;
      // Held calls are answered (dropped) first: no socket waits for a release that cannot come.
      await faults.clear();
      if (current) {
        await new Promise<void>((resolve) => {
          current.close(() => resolve());
          current.closeAllConnections();
        });
      }
      await store?.flush();
    },
  };
}
