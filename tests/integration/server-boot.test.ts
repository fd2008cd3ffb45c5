// The production entry (node server.js) over real HTTP: configuration errors, headers,
// compression, caching, health endpoints and the request log.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  listeningUrl,
  PROCESS_WAIT_MS,
  runToExit,
  spawnNode,
  stopProcess,
  waitForLine,
  type WatchedProcess,
} from "../support/servers";

const root = join(import.meta.dirname, "../..");
const SECRET = "integration-test-secret-0123456789abcdef";

function requireBuild() {
  if (!existsSync(join(root, "build/server/index.js")) || !existsSync(join(root, "build/client/assets"))) {
    throw new Error("build/ is missing: run `npx react-router build` before the integration tests.");
  }
}

/** A clean environment: nothing leaks in from the test runner (NODE_ENV=test, API_URL, ...). */
function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: "0", ...vars };
}

interface RunningServer {
  url: string;
  /** The lines of stdout so far: the request log. */
  lines: () => string[];
  stop: () => Promise<void>;
}

const running = new Set<RunningServer>();

/** Starts `node server.js` and resolves once it logs that it listens. */
async function startServer(vars: Record<string, string>): Promise<RunningServer> {
  const watched: WatchedProcess = spawnNode(["server.js"], { cwd: root, env: serverEnv(vars) });
  const stop = async () => {
    running.delete(server);
    await stopProcess(watched.child);
  };
  const server: RunningServer = { url: "", lines: watched.lines, stop };
  running.add(server);
  try {
    const line = await waitForLine(
      watched.child,
      watched.lines,
      (candidate) => listeningUrl(candidate) !== undefined,
      (problem) => `server.js ${problem}; it printed:\n${watched.output()}`,
    );
    server.url = listeningUrl(line)!;
    return server;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs `node server.js` to its end; for configurations it must refuse. */
function refuse(vars: Record<string, string>) {
  return runToExit(["server.js"], { cwd: root, env: serverEnv(vars) });
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with node:http, so the body arrives exactly as sent (no decompression). */
function request(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** An upstream stand-in that answers 404 to everything, as an API does at its bare base path. */
async function startStubUpstream() {
  const stub = http.createServer((_req, res) => res.writeHead(404, { "content-type": "application/json" }).end("{}"));
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  return { stub, apiUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api` };
}

afterAll(async () => {
  await Promise.all([...running].map((server) => server.stop()));
});

describe("configuration errors stop the server with one clear line", { timeout: PROCESS_WAIT_MS + 30_000 }, () => {
  it.each([
    ["an ftp URL", "ftp://x"],
    ["a URL not ending in /api", "https://api.example.com/v1"],
    ["not a URL", "not a url"],
    ["an empty string", ""],
  ])("API_URL as %s", async (_label, apiUrl) => {
    const { code, stdout, stderr } = await refuse({ API_URL: apiUrl, SESSION_SECRET: SECRET });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: .*API_URL/);
  });

  it("API_URL not ending in /api names the expected shape", async () => {
    const { code, stderr } = await refuse({ API_URL: "https://api.example.com/v1", SESSION_SECRET: SECRET });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe("Invalid configuration: API_URL must end in /api, like https://api.example.com/api");
  });

  it("API_URL set without SESSION_SECRET", async () => {
    const { code, stderr } = await refuse({ API_URL: "https://api.example.com/api" });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "Invalid configuration: SESSION_SECRET is required when API_URL is set",
    ]);
  });

  it("REQUEST_TIMEOUT_MS below one second", async () => {
    const { code, stderr } = await refuse({
      API_URL: "https://api.example.com/api",
      SESSION_SECRET: SECRET,
      REQUEST_TIMEOUT_MS: "50",
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: REQUEST_TIMEOUT_MS /);
  });

  it("no API_URL at all (the container has no demo mode)", async () => {
    const { code, stderr } = await refuse({});
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: API_URL is required/);
  });
});

describe("a well-configured server", () => {
  let server: RunningServer;
  let stub: http.Server;
  let asset: { path: string; file: string; bytes: Buffer };

  beforeAll(async () => {
    requireBuild();
    const upstream = await startStubUpstream();
    stub = upstream.stub;
    server = await startServer({ API_URL: upstream.apiUrl, SESSION_SECRET: SECRET, TRUST_PROXY: "loopback" });
    // The largest hashed script: the one where compression matters.
    const dir = join(root, "build/client/assets");
    const name = readdirSync(dir)
      .filter((file) => file.endsWith(".js"))
      .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
    if (!name) throw new Error("build/client/assets holds no script");
    asset = { path: `/assets/${name}`, file: join(dir, name), bytes: readFileSync(join(dir, name)) };
  }, PROCESS_WAIT_MS + 30_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => stub?.close(resolve));
  });

  it("answers /healthz without asking upstream", async () => {
    const res = await request(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(res.body.toString())).toEqual({ status: "ok" });
  });

  it("answers /readyz when the upstream answers, even with a 404", async () => {
    const res = await request(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ status: "ready" });
  });

  it.each([
    ["br", ".br", zlib.brotliDecompressSync],
    ["gzip", ".gz", zlib.gunzipSync],
  ] as const)(
    "serves a hashed asset precompressed with %s and an immutable year-long cache",
    async (encoding, suffix, decode) => {
      const res = await request(`${server.url}${asset.path}`, { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
      // The very bytes the build wrote: nothing is compressed per request.
      expect(res.body.equals(readFileSync(`${asset.file}${suffix}`))).toBe(true);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(decode(res.body).equals(asset.bytes)).toBe(true);
      expect(res.body.length).toBeLessThan(asset.bytes.length / 2);
    },
  );

  it("prefers brotli when the browser offers both", async () => {
    const res = await request(`${server.url}${asset.path}`, {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(res.headers["content-encoding"]).toBe("br");
  });

  it("serves the asset as it is to a client that accepts no encoding", async () => {
    const res = await request(`${server.url}${asset.path}`, { headers: { "accept-encoding": "identity" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.equals(asset.bytes)).toBe(true);
  });

  it("answers a missing asset with a plain 404", async () => {
    const res = await request(`${server.url}/assets/missing-0000.js`);
    expect(res.status).toBe(404);
    expect(res.headers["cache-control"]).toBeUndefined();
  });

  it("serves public/ files by their names with an hour's cache, and renders the not-found page for other paths", async () => {
    const favicon = await request(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    expect(favicon.body.equals(readFileSync("public/favicon.svg"))).toBe(true);
    // A name public/ does not hold is a page path: React Router answers it, not the disk.
    const missing = await request(`${server.url}/missing-file.svg`);
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("sends baseline security headers, a fresh CSP nonce per page, and no X-Powered-By", async () => {
    // The sign-in page renders for anyone and without asking upstream.
    const [first, second] = await Promise.all([request(`${server.url}/login`), request(`${server.url}/login`)]);
    for (const res of [first!, second!]) {
      expect(res.status).toBe(200);
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      const csp = String(res.headers["content-security-policy"] ?? "");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'");
      expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/);
      // Every script of the document carries this response's nonce.
      const html = res.body.toString();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(first!.headers["content-security-policy"]).not.toBe(second!.headers["content-security-policy"]);
    const health = await request(`${server.url}/healthz`);
    expect(health.headers["x-powered-by"]).toBeUndefined();
  });

  it("sends HSTS only over HTTPS as reported by a trusted proxy", async () => {
    const res = await request(`${server.url}/healthz`, { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("lets a same-origin action through a TLS proxy that forwards the public host", async () => {
    const headers = {
      origin: "https://panel.example.com",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "panel.example.com",
      "content-type": "application/x-www-form-urlencoded",
    };
    // The not-found page has no action: 405 means the origin check passed; a failed check is a 400.
    const sameOrigin = await request(`${server.url}/no-such-page`, { method: "POST", headers });
    expect(sameOrigin.status).toBe(405);
    const crossOrigin = await request(`${server.url}/no-such-page`, {
      method: "POST",
      headers: { ...headers, origin: "https://evil.example.com" },
    });
    // Refused before React Router runs (server/request-guards.ts).
    expect(crossOrigin.status).toBe(403);
  });

  it("logs one JSON line per request, without the query string", async () => {
    const paths = ["/healthz?token=secret-1", "/login?redirectTo=secret-2", `${asset.path}?v=secret-3`];
    const ids: string[] = [];
    for (const path of paths) {
      const res = await request(`${server.url}${path}`, { headers: { "accept-encoding": "gzip" } });
      ids.push(String(res.headers["x-request-id"]));
    }
    // Each line is written as its response finishes; the pipe may deliver it a little later.
    await expect
      .poll(() => server.lines().filter((line) => ids.some((id) => line.includes(id))).length, {
        timeout: PROCESS_WAIT_MS,
      })
      .toBe(3);
    for (const [index, id] of ids.entries()) {
      const matching = server.lines().filter((line) => line.includes(id));
      expect(matching).toHaveLength(1);
      const entry = JSON.parse(matching[0]!);
      expect(entry).toMatchObject({ level: "info", method: "GET", path: paths[index]!.split("?")[0], requestId: id });
      expect(entry.status).toBe(200);
      expect(typeof entry.durationMs).toBe("number");
      expect(entry.bytes).toBeGreaterThan(0);
      expect(Date.parse(entry.time)).not.toBeNaN();
    }
    expect(server.lines().join("\n")).not.toMatch(/secret-\d/);
  });
});

describe("readiness without an upstream", { timeout: PROCESS_WAIT_MS + 30_000 }, () => {
  it("answers /readyz with 503 when the upstream does not answer", async () => {
    requireBuild();
    // A port that was free a moment ago: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const server = await startServer({ API_URL: `http://127.0.0.1:${port}/api`, SESSION_SECRET: SECRET });
    try {
      const res = await request(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body.toString())).toEqual({ status: "upstream unavailable" });
      expect((await request(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
