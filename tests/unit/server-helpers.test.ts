// Pure helpers of the production server (server/*.ts) and the env's trust-proxy parsing.
import http from "node:http";
import type { AddressInfo } from "node:net";

import compression from "compression";
import express from "express";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";

import { parseTrustProxy } from "~/config/env.server";

import { isUpstreamAnswer, probeUpstream } from "../../server/health";
import { pathWithoutQuery, pickRequestId, requestLogger } from "../../server/logging";
import { MAX_PATH_LENGTH, MAX_PATH_SEGMENTS, targetRefusal } from "../../server/request-guards";
import { contentSecurityPolicy, createNonce, forwardedHost } from "../../server/security-headers";

const servers: http.Server[] = [];

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(
    servers.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe("parseTrustProxy", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["10.0.0.0/8, 127.0.0.1", ["10.0.0.0/8", "127.0.0.1"]],
  ] as const)("%j -> %j", (input, expected) => {
    expect(parseTrustProxy(input)).toEqual(expected);
  });
});

describe("pathWithoutQuery", () => {
  it.each([
    ["/", "/"],
    ["/users?page=2", "/users"],
    ["/reset-password?token=abc&x=1", "/reset-password"],
    ["/a#frag", "/a"],
    ["/a.data?_routes=root", "/a.data"],
  ])("%s -> %s", (url, path) => {
    expect(pathWithoutQuery(url)).toBe(path);
  });

  it("cuts a path longer than any the panel serves", () => {
    const logged = pathWithoutQuery(`${"/a".repeat(7900)}?token=x`);
    expect(logged).toBe(`${"/a".repeat(MAX_PATH_LENGTH / 2)}…`);
  });
});

describe("targetRefusal", () => {
  it.each([
    "/",
    "/memberships/edit/0123456789abcdef01234567.data?_routes=root",
    "/users/view-invites/3f2504e0-4f89-11d3-9a0c-0305e82c3301/",
    "/__manifest?p=%2Fusers%2C%2Fposts&version=abc",
    "/assets/framework-CyM1FMdF.js",
  ])("lets the real path %s through", (url) => {
    expect(targetRefusal(url)).toBeNull();
  });

  it.each([
    ["http://evil.test/login", 400],
    ["*", 400],
    ["/%ff", 400],
    ["/a".repeat(7900), 414],
    [`/${"x".repeat(MAX_PATH_LENGTH)}`, 414],
    ["/a".repeat(MAX_PATH_SEGMENTS + 1), 414],
  ] as const)("refuses %s with %i", (url, status) => {
    expect(targetRefusal(url)?.status).toBe(status);
  });
});

describe("pickRequestId", () => {
  it("keeps a well-formed id from a trusted proxy", () => {
    expect(pickRequestId("abc-123.x:y_z", true)).toBe("abc-123.x:y_z");
  });
  it("ignores the header from an untrusted client", () => {
    expect(pickRequestId("abc-123", false)).not.toBe("abc-123");
  });
  it("ignores malformed or oversized ids", () => {
    expect(pickRequestId('bad"id\n{}', true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId("x".repeat(129), true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts by nonce only and the API origin for connections", () => {
    const csp = contentSecurityPolicy("n0nce==", "https://api.example.com");
    expect(csp).toBe(
      "default-src 'self'; script-src 'self' 'nonce-n0nce==' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: https: http:; connect-src 'self' https://api.example.com; font-src 'self' data:; " +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
  });

  it("makes a fresh 16-byte base64 nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("upstream readiness", () => {
  it.each([
    [200, true],
    [401, true],
    [404, true],
    [405, true],
    [500, true],
    [502, false],
    [503, false],
    [504, false],
  ])("status %i -> %s", (status, up) => {
    expect(isUpstreamAnswer(status)).toBe(up);
  });

  it("is ready when the upstream answers, whatever it says", async () => {
    const url = await listen((_req, res) => res.writeHead(404).end());
    expect(await probeUpstream(`${url}/api`)).toBe(true);
  });

  it("is not ready when nothing listens", async () => {
    const url = await listen(() => {});
    await new Promise((resolve) => servers.at(-1)!.close(resolve));
    expect(await probeUpstream(`${url}/api`)).toBe(false);
  });

  it("is not ready when the upstream takes longer than the timeout", async () => {
    // The stand-in never answers (its connection is closed after the tests): a `false` after the
    // probe reached it means the probe gave up on its own 200 ms timeout.
    let reached = false;
    const url = await listen(() => (reached = true));
    expect(await probeUpstream(`${url}/api`, 200)).toBe(false);
    expect(reached).toBe(true);
  });
});

describe("forwardedHost", () => {
  async function hostSeenBehind(trustProxy: boolean | number | string, headers: Record<string, string>) {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.use(forwardedHost);
    app.get("/", (req, res) => void res.send(req.headers.host));
    const url = await listen(app);
    const res = await fetch(url, { headers });
    return res.text();
  }

  it("makes the public host the Host behind a trusted proxy", async () => {
    expect(await hostSeenBehind("loopback", { "x-forwarded-host": "panel.example.com" })).toBe("panel.example.com");
    expect(await hostSeenBehind(1, { "x-forwarded-host": "panel.example.com:8443, inner" })).toBe(
      "panel.example.com:8443",
    );
  });

  it("ignores X-Forwarded-Host from an untrusted client", async () => {
    expect(await hostSeenBehind(false, { "x-forwarded-host": "evil.example.com" })).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});

describe("requestLogger", () => {
  it("logs one line with the compressed byte count and no query string", async () => {
    const entries: Record<string, unknown>[] = [];
    const app = express();
    const logger = pino({}, { write: (line: string) => void entries.push(JSON.parse(line)) });
    app.use(requestLogger(logger));
    app.use(compression({ threshold: 0 }));
    app.get("/page", (_req, res) => void res.type("text/plain").send("a".repeat(10_000)));
    const url = await listen(app);

    const res = await fetch(`${url}/page?token=secret`, { headers: { "accept-encoding": "gzip" } });
    await res.arrayBuffer();
    await expect.poll(() => entries.length).toBe(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      method: "GET",
      path: "/page",
      status: 200,
      requestId: res.headers.get("x-request-id"),
    });
    expect(entry!.bytes).toBeGreaterThan(0);
    expect(entry!.bytes).toBeLessThan(1_000); // gzip of 10 000 identical bytes
    expect(JSON.stringify(entry)).not.toContain("secret");
  });
});

describe("contentSecurityPolicy upload origins", () => {
  it("lets the browser upload to the configured hosts and nowhere else", () => {
    const csp = contentSecurityPolicy("n0nce==", "https://api.example.com", ["https://bucket.s3.amazonaws.com"]);
    expect(csp).toContain("connect-src 'self' https://api.example.com https://bucket.s3.amazonaws.com;");
  });
});
