import { describe, expect, it } from "vitest";

import { FIRST_WAIT_SECONDS, MAX_WAIT_SECONDS, waitAfterFailures } from "~/session/failure-delays";

describe("waitAfterFailures", () => {
  it("lets the free failures pass without a wait", () => {
    for (let failures = 0; failures < 10; failures++) expect(waitAfterFailures(failures, 10)).toBe(0);
  });

  it("doubles the wait with each failure past the free ones", () => {
    expect([10, 11, 12, 13].map((failures) => waitAfterFailures(failures, 10))).toEqual([
      FIRST_WAIT_SECONDS,
      2 * FIRST_WAIT_SECONDS,
      4 * FIRST_WAIT_SECONDS,
      8 * FIRST_WAIT_SECONDS,
    ]);
  });

  it("never waits longer than the cap, however long the run", () => {
    expect(waitAfterFailures(16, 10)).toBe(MAX_WAIT_SECONDS);
    expect(waitAfterFailures(1_000_000, 10)).toBe(MAX_WAIT_SECONDS);
  });
});
