import { describe, expect, it } from "vitest";

import { perRequest } from "~/lib/per-request.server";

describe("perRequest", () => {
  it("works a request's value out once, however often it is asked for", () => {
    const reads: string[] = [];
    const lengths = perRequest((request: Request) => {
      reads.push(request.url);
      return request.url.length;
    });
    const request = new Request("http://panel.test/users");
    expect([lengths.get(request), lengths.get(request), lengths.get(request)]).toEqual([23, 23, 23]);
    expect(reads).toEqual(["http://panel.test/users"]);
  });

  it("keeps each request's value to itself", () => {
    const paths = perRequest((request: Request) => new URL(request.url).pathname);
    expect(paths.get(new Request("http://panel.test/a"))).toBe("/a");
    expect(paths.get(new Request("http://panel.test/b"))).toBe("/b");
  });

  it("shares a value already worked out with another request, and nothing before that", () => {
    let reads = 0;
    const forms = perRequest(() => ++reads);
    const original = new Request("http://panel.test/posts");
    const early = new Request("http://panel.test/posts");
    forms.share(original, early);
    expect(forms.get(early)).toBe(1);

    forms.get(original);
    const detached = new Request("http://panel.test/posts");
    forms.share(original, detached);
    expect(forms.get(detached)).toBe(forms.get(original));
    expect(reads).toBe(2);
  });
});
