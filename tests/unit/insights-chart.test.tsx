// @vitest-environment happy-dom
// The chart of /insights (app/insights/chart.ts, drawn by decisions-chart.tsx): one labelled row per
// kind of decision on one scale, a bar per day, and a title and description that say the numbers.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { CHART_WIDTH, decisionsChart } from "~/insights/chart";
import { DecisionsChart } from "~/routes/admin/insights/decisions-chart";

const days = [
  { day: "2026-11-30", counts: { approved: 4, banned: 1 } },
  { day: "2026-12-01", counts: {} },
  { day: "2026-12-02", counts: { approved: 2, "post-deleted": 1, skipped: 9 } },
];

describe("the chart's geometry", () => {
  const chart = decisionsChart(days);

  it("has a labelled row per kind of decision, with its total over the period (skips are no decision)", () => {
    expect(chart.rows.map((row) => [row.label, row.total])).toEqual([
      ["Citizenship approved", 6],
      ["Citizenship rejected", 0],
      ["Bans", 1],
      ["Un-bans", 0],
      ["Posts deleted", 1],
      ["Warnings", 0],
    ]);
  });

  it("draws every row on one scale: the largest count fills a row, a zero has no height", () => {
    expect(chart.max).toBe(4);
    const [approved, , bans] = chart.rows;
    const [first, empty, last] = approved!.bars;
    expect(first!.height).toBe(32);
    expect(last!.height).toBe(16);
    expect(empty!.height).toBe(0);
    expect(bans!.bars[0]!.height).toBe(8);
    // Bars grow up from the row's baseline.
    expect(first!.y + first!.height).toBe(approved!.baseline);
  });

  it("places one bar per day, in order, inside the width", () => {
    for (const row of chart.rows) {
      expect(row.bars.map((bar) => bar.day)).toEqual(days.map(({ day }) => day));
      for (const [index, bar] of row.bars.entries()) {
        expect(bar.x + bar.width).toBeLessThanOrEqual(CHART_WIDTH);
        if (index > 0) expect(bar.x).toBeGreaterThan(row.bars[index - 1]!.x + row.bars[index - 1]!.width - 0.01);
      }
    }
  });

  it("fits 90 days and a period without any decision", () => {
    const many = Array.from({ length: 90 }, (_, index) => ({ day: `d${index}`, counts: {} }));
    const empty = decisionsChart(many);
    expect(empty.max).toBe(0);
    expect(empty.rows.every((row) => row.bars.every((bar) => bar.height === 0 && bar.width > 0))).toBe(true);
    expect(empty.description).toContain("0 citizenship approved, 0 citizenship rejected, 0 bans");
  });
});

describe("the SVG", () => {
  const html = renderToStaticMarkup(<DecisionsChart chart={decisionsChart(days)} />);
  const svg = new DOMParser().parseFromString(html, "image/svg+xml").documentElement;

  it("is an image named by its title and description", () => {
    expect(svg.getAttribute("role")).toBe("img");
    const [title, desc] = svg.getAttribute("aria-labelledby")!.split(" ");
    expect(svg.querySelector(`[id="${title}"]`)!.textContent).toBe("Decisions per day, 2026-11-30 to 2026-12-02");
    expect(svg.querySelector(`[id="${desc}"]`)!.textContent).toMatch(
      /^One row of bars per kind of decision.*Over the period: 6 citizenship approved, 0 citizenship rejected, 1 bans, 0 un-bans, 1 posts deleted, 0 warnings\./,
    );
  });

  it("labels each row in words and each bar with its day and count, drawing no bar for a zero", () => {
    const labels = [...svg.querySelectorAll("g > text")].map((text) => text.textContent);
    expect(labels).toEqual([
      "Citizenship approved: 6",
      "Citizenship rejected: 0",
      "Bans: 1",
      "Un-bans: 0",
      "Posts deleted: 1",
      "Warnings: 0",
    ]);
    expect([...svg.querySelectorAll("rect > title")].map((title) => title.textContent)).toEqual([
      "2026-11-30: 4 citizenship approved",
      "2026-12-02: 2 citizenship approved",
      "2026-11-30: 1 bans",
      "2026-12-02: 1 posts deleted",
    ]);
  });
});
