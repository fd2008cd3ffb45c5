import { describe, expect, it } from "vitest";

import { EnvError, parseEnv } from "~/config/env.server";
import { ladderStep, parseLadder, suggestionText } from "~/lib/ban-ladder";

const good = { API_URL: "https://api.example.com/api", SESSION_SECRET: "s".repeat(32) };

describe("the ban ladder (docs/product.md#bans-with-an-end)", () => {
  it("reads BAN_LADDER's steps, and refuses an unknown or empty one", () => {
    expect(parseLadder("1d, 3d,7D,30d,permanent")).toEqual(["1d", "3d", "7d", "30d", "permanent"]);
    expect(parseLadder("7d,permanent")).toEqual(["7d", "permanent"]);
    expect(parseLadder("2d,permanent")).toBeNull();
    expect(parseLadder("until")).toBeNull();
    expect(parseLadder(" , ")).toBeNull();
  });

  it("suggests the next step for the strikes in the window, the last one past its end", () => {
    const ladder = parseLadder("1d,3d,7d,30d,permanent")!;
    expect([0, 1, 2, 3, 4, 9].map((strikes) => ladderStep(ladder, strikes))).toEqual([
      "1d",
      "3d",
      "7d",
      "30d",
      "permanent",
      "permanent",
    ]);
  });

  it("says why: '2 strikes in 180 days: suggested 7 days'", () => {
    expect(suggestionText(2, 180, "7d")).toBe("2 strikes in 180 days: suggested 7 days");
    expect(suggestionText(1, 90, "3d")).toBe("1 strike in 90 days: suggested 3 days");
    expect(suggestionText(0, 180, "permanent")).toBe("0 strikes in 180 days: suggested permanent");
  });
});

describe("the ban settings of the environment", () => {
  it("has the documented defaults", () => {
    expect(parseEnv(good)).toMatchObject({
      BAN_LADDER: "1d,3d,7d,30d,permanent",
      STRIKE_LAPSE_DAYS: 180,
      BAN_END_TICK_SECONDS: 15,
    });
  });

  it("refuses a ladder with an unknown step, and an account without its password", () => {
    expect(() => parseEnv({ ...good, BAN_LADDER: "1d,2w" })).toThrow(/BAN_LADDER must be a comma-separated list/);
    expect(() => parseEnv({ ...good, BAN_END_EMAIL: "bot@example.com" })).toThrow(/BAN_END_PASSWORD/);
  });

  it("refuses the test clock unless NODE_ENV is test (decision 075)", () => {
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(() => parseEnv({ ...good, NODE_ENV, PANEL_TEST_CLOCK_FILE: "/tmp/clock" })).toThrow(EnvError);
      expect(() => parseEnv({ ...good, NODE_ENV, PANEL_TEST_CLOCK_FILE: "/tmp/clock" })).toThrow(
        /PANEL_TEST_CLOCK_FILE is for tests only/,
      );
    }
    expect(parseEnv({ ...good, NODE_ENV: "test", PANEL_TEST_CLOCK_FILE: "/tmp/clock" }).PANEL_TEST_CLOCK_FILE).toBe(
      "/tmp/clock",
    );
  });
});
