import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { oncePerRequest, requestContext, requestRecord, withRequestContext } from "~/lib/request-context.server";

/** Runs `fn` as one request does once the root middleware has entered its router context. */
function inRequest<T>(fn: () => T): T {
  return withRequestContext(new RouterContextProvider(), fn);
}

describe("withRequestContext", () => {
  it("makes the request's router context current for everything it starts, across awaits and timers", async () => {
    const context = new RouterContextProvider();
    const seen = await withRequestContext(context, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      // A timer is what this test is about: the context must cross one. It waits for no outcome.
      // eslint-disable-next-line no-restricted-syntax -- the subject is a timer's callback, not a wait
      return new Promise((resolve) => setTimeout(() => resolve(requestContext()), 0));
    });
    expect(seen).toBe(context);
    expect(requestContext()).toBeUndefined();
  });
});

describe("oncePerRequest", () => {
  it("works a request's value out once, however often it is asked for", () => {
    const reads: string[] = [];
    const lengths = oncePerRequest((request: Request) => {
      reads.push(request.url);
      return request.url.length;
    });
    const request = new Request("http://panel.test/users");
    expect(inRequest(() => [lengths(request), lengths(request), lengths(request)])).toEqual([23, 23, 23]);
    expect(reads).toEqual(["http://panel.test/users"]);
  });

  it("keeps each request's value to itself", () => {
    const paths = oncePerRequest((request: Request) => new URL(request.url).pathname);
    expect(inRequest(() => paths(new Request("http://panel.test/a")))).toBe("/a");
    expect(inRequest(() => paths(new Request("http://panel.test/b")))).toBe("/b");
  });

  it("gives a copy of the request made while it runs (a detached request) the value already worked out", async () => {
    let reads = 0;
    const forms = oncePerRequest(() => ++reads);
    const original = new Request("http://panel.test/posts", { method: "POST" });
    const [first, detached] = await inRequest(async () => {
      const first = forms(original);
      await new Promise((resolve) => setImmediate(resolve));
      return [first, forms(new Request(original.url, { method: "POST", headers: original.headers }))];
    });
    expect(detached).toBe(first);
    expect(reads).toBe(1);
  });

  it("works the value out on each call outside a request", () => {
    let reads = 0;
    const counted = oncePerRequest(() => ++reads);
    const request = new Request("http://panel.test/");
    expect([counted(request), counted(request)]).toEqual([1, 2]);
  });
});

describe("requestRecord", () => {
  it("is one record per request, made on first use, and none outside a request", () => {
    const notes = requestRecord((): string[] => []);
    const [first, again] = inRequest(() => {
      notes()?.push("a");
      return [notes(), notes()];
    });
    expect(first).toEqual(["a"]);
    expect(again).toBe(first);
    expect(inRequest(() => notes())).toEqual([]);
    expect(notes()).toBeUndefined();
  });
});
