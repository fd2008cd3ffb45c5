import { describe, expect, it } from "vitest";

import { DEFAULT_PAGE_SIZE, hrefWith, pageCount, pageHref, pageTargets, paginate, parsePaging } from "~/lib/pagination";

describe("parsePaging", () => {
  it("defaults to page 1 and the data table's 50 rows", () => {
    expect(parsePaging(new URLSearchParams())).toEqual({ page: 1, limit: DEFAULT_PAGE_SIZE });
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  it("takes a screen's own default page size", () => {
    expect(parsePaging(new URLSearchParams(), { defaultLimit: 10 })).toEqual({ page: 1, limit: 10 });
  });

  it("reads a valid page and one of the page sizes", () => {
    expect(parsePaging(new URLSearchParams("page=3&limit=25"))).toEqual({ page: 3, limit: 25 });
    expect(parsePaging(new URLSearchParams("page=%203%20&limit=100"))).toEqual({ page: 3, limit: 100 });
  });

  it.each(["0", "-1", "abc", "1.5", "", "1e3", "99999999"])("reads page=%j as page 1", (page) => {
    expect(parsePaging(new URLSearchParams({ page })).page).toBe(1);
  });

  it.each(["7", "0", "1000", "x", "-10"])("reads limit=%j as the default", (limit) => {
    expect(parsePaging(new URLSearchParams({ limit }), { defaultLimit: 10 }).limit).toBe(10);
  });
});

describe("pageCount", () => {
  it("rounds up and never goes below one page", () => {
    expect(pageCount(130, 10)).toBe(13);
    expect(pageCount(131, 10)).toBe(14);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(5, 50)).toBe(1);
  });
});

describe("paginate", () => {
  const items = Array.from({ length: 23 }, (_, index) => index + 1);

  it("cuts one page and reports the totals", () => {
    const { items: page, pageInfo } = paginate(items, { page: 3, limit: 10 });
    expect(page).toEqual([21, 22, 23]);
    expect(pageInfo).toEqual({ page: 3, limit: 10, total: 23, totalPages: 3 });
  });

  it("gives an empty page past the end", () => {
    expect(paginate(items, { page: 9, limit: 10 }).items).toEqual([]);
  });
});

describe("hrefWith and pageHref", () => {
  it("changes one param and keeps the others", () => {
    expect(pageHref("/users", "?search=ann&status=banned&page=2", 3)).toBe("/users?search=ann&status=banned&page=3");
  });

  it("drops dialog params and empty values", () => {
    expect(pageHref("/users", "?confirm=ban&id=42&limit=25", 2)).toBe("/users?limit=25&page=2");
    expect(hrefWith("/users", "?search=ann&page=4", { search: "", page: null })).toBe("/users");
  });
});

describe("pageTargets", () => {
  it("has no first or previous on page 1", () => {
    expect(pageTargets(1, 13)).toEqual({ first: null, previous: null, next: 2, last: 13 });
  });

  it("has every target in the middle", () => {
    expect(pageTargets(5, 13)).toEqual({ first: 1, previous: 4, next: 6, last: 13 });
  });

  it("has no next or last on the last page", () => {
    expect(pageTargets(13, 13)).toEqual({ first: 1, previous: 12, next: null, last: null });
  });

  it("leads back to the last real page from past the end", () => {
    expect(pageTargets(20, 13)).toEqual({ first: 1, previous: 13, next: null, last: 13 });
  });

  it("has nowhere to go with one page", () => {
    expect(pageTargets(1, 1)).toEqual({ first: null, previous: null, next: null, last: null });
    expect(pageTargets(1, 0)).toEqual({ first: null, previous: null, next: null, last: null });
  });
});
