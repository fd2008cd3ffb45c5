/**
 * Requests no browser sends (issue 23): no Host, an absolute-form target, a broken or non-ASCII
 * Host, methods the panel does not answer. Each gets a 4xx with the security headers and one
 * warn line in the log, never a 500 or a stack. Sent over raw sockets: fetch cannot send them.
 */
import { describe, expect, it } from "vitest";

import { PanelClient } from "../support/form-post";
import { rawRequest, type RawResponse } from "../support/raw-http";
import { useStack } from "../support/use-stack";

const stack = useStack();

/** The request-log line of the response that carried `requestId` (its X-Request-Id). */
function logLineOf(requestId: string | undefined): Record<string, unknown> | undefined {
  expect(requestId).toBeTruthy();
  return stack.panel
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.requestId === requestId && "status" in line);
}

/** Waits for the log line of `response` (written when the response closes), then returns it. */
async function loggedAs(response: RawResponse): Promise<Record<string, unknown>> {
  const id = response.headers.get("x-request-id");
  await expect.poll(() => logLineOf(id)).toBeDefined();
  return logLineOf(id)!;
}

/** Asserts the baseline security headers on any answer, refusals included. */
function expectSecurityHeaders(headers: { get(name: string): string | null | undefined }) {
  expect(headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
}

/** `GET /login` from `lines` (request line first), closing the connection after the answer. */
function request(...lines: string[]): string {
  return `${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n`;
}

function host(): string {
  return new URL(stack.panel.url).host;
}

describe("malformed requests", () => {
  it.each([
    ["HTTP/1.0 without Host", (): string => "GET /login HTTP/1.0\r\n\r\n", 400],
    ["an absolute-form target", (): string => request("GET http://evil.test/login HTTP/1.1", `Host: ${host()}`), 400],
    ["Host: [::1", (): string => request("GET /login HTTP/1.1", "Host: [::1"), 400],
    ["a non-ASCII Host", (): string => request("GET /login HTTP/1.1", "Host: caf\u00e9.test"), 400],
    ["a port past 65535", (): string => request("GET /login HTTP/1.1", "Host: panel.test:70000"), 400],
    ["TRACE", (): string => request("TRACE /login HTTP/1.1", `Host: ${host()}`), 405],
    ["OPTIONS", (): string => request("OPTIONS /login HTTP/1.1", `Host: ${host()}`), 405],
    ["OPTIONS *", (): string => request("OPTIONS * HTTP/1.1", `Host: ${host()}`), 405],
    ["PROPFIND", (): string => request("PROPFIND /login HTTP/1.1", `Host: ${host()}`), 405],
  ] as const)("answers %s with a 4xx, the security headers and a warn line", async (_name, build, status) => {
    const response = await rawRequest(stack.panel.url, build());
    expect(response.status).toBe(status);
    expectSecurityHeaders(response.headers);
    if (status === 405) expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    const line = await loggedAs(response);
    expect(line).toMatchObject({ level: "warn", status });
    expect(JSON.stringify(line)).not.toMatch(/\bat .*\(|stack/i);
    expect(stack.panel.output()).not.toMatch(/"level":"error"/);
  });

  it("still serves a well-formed request with a port in Host, and the health check over HTTP/1.0", async () => {
    expect((await rawRequest(stack.panel.url, request("GET /login HTTP/1.1", `Host: ${host()}`))).status).toBe(200);
    expect((await rawRequest(stack.panel.url, "GET /healthz HTTP/1.0\r\n\r\n")).status).toBe(200);
  });
});

describe("refusals carry the security headers", () => {
  it.each([
    ["a malformed path (400)", request("GET /%ff HTTP/1.1", "Host: HOST"), 400],
    ["a path too long (414)", request(`GET ${"/a".repeat(7900)} HTTP/1.1`, "Host: HOST"), 414],
    ["an unknown method (405)", request("PATCH /login HTTP/1.1", "Host: HOST"), 405],
    [
      "a cross-site form post (403)",
      request("POST /login HTTP/1.1", "Host: HOST", "Origin: https://evil.test", "Content-Length: 0"),
      403,
    ],
    [
      "a form over 1 MB (413)",
      request(
        "POST /login HTTP/1.1",
        "Host: HOST",
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 5000000",
      ),
      413,
    ],
  ] as const)("%s", async (_name, raw, status) => {
    const response = await rawRequest(stack.panel.url, raw.replace("HOST", host()));
    expect(response.status).toBe(status);
    expectSecurityHeaders(response.headers);
    expect(await loggedAs(response)).toMatchObject({ level: "warn", status });
  });
});

describe("the 413 page", () => {
  it("links back only to a path on the panel, whatever the Referer", async () => {
    const client = new PanelClient(stack.panel.url);
    const back = async (referer: string) => {
      const response = await client.post(
        "/announcements",
        { intent: "create", title: "x", description: "y".repeat(1024 * 1024 + 10) },
        { accept: "text/html", referer },
      );
      expect(response.status).toBe(413);
      return /<a href="([^"]*)">Go back to the form<\/a>/.exec(await response.text())?.[1];
    };
    expect(await back(`${stack.panel.url}/announcements?page=2`)).toBe("/announcements?page=2");
    expect(await back(`${stack.panel.url}//evil.test/x`)).toBe("/");
    expect(await back(`${stack.panel.url}/%2F/evil.test/x`)).toBe("/");
    expect(await back("https://evil.test/announcements")).toBe("/");
  });
});
