import { describe, expect, it } from "vitest";

import { MAX_PAGE_LINKS, pageWindow, showingText, shownRange } from "~/lib/page-window";

describe("pageWindow", () => {
  it("shows every page when there are at most five", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("has no pages for an empty list", () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("starts at page 1 near the start", () => {
    expect(pageWindow(1, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 8)).toEqual([1, 2, 3, 4, 5]);
  });

  it("slides with the current page in the middle", () => {
    expect(pageWindow(4, 8)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(5, 8)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(50, 100)).toEqual([48, 49, 50, 51, 52]);
  });

  it("ends at the last page near the end", () => {
    expect(pageWindow(6, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(7, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(8, 8)).toEqual([4, 5, 6, 7, 8]);
  });

  it("never shows more than five links and always includes the current page", () => {
    for (let total = 1; total <= 12; total++) {
      for (let page = 1; page <= total; page++) {
        const window = pageWindow(page, total);
        expect(window.length).toBe(Math.min(total, MAX_PAGE_LINKS));
        expect(window).toContain(page);
        expect(window[0]).toBeGreaterThanOrEqual(1);
        expect(window.at(-1)).toBeLessThanOrEqual(total);
      }
    }
  });

  it("clamps a page outside the range", () => {
    expect(pageWindow(0, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(Number.NaN, 8)).toEqual([1, 2, 3, 4, 5]);
  });

  it("takes another window size", () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(5, 10, 4)).toEqual([3, 4, 5, 6]);
  });
});

describe("shownRange and showingText", () => {
  it("counts the demo seed's 28 announcements by 10", () => {
    expect(showingText(1, 10, 28)).toBe("Showing 1 to 10 of 28 announcements");
    expect(showingText(2, 10, 28)).toBe("Showing 11 to 20 of 28 announcements");
    expect(showingText(3, 10, 28)).toBe("Showing 21 to 28 of 28 announcements");
  });

  it("handles a full last page, one item and an empty list", () => {
    expect(shownRange(3, 10, 30)).toEqual({ from: 21, to: 30, total: 30 });
    expect(shownRange(1, 10, 1)).toEqual({ from: 1, to: 1, total: 1 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it("clamps a page past the end to the last page", () => {
    expect(shownRange(9, 10, 28)).toEqual({ from: 21, to: 28, total: 28 });
  });

  it("takes another noun", () => {
    expect(showingText(1, 25, 40, "users")).toBe("Showing 1 to 25 of 40 users");
  });
});
