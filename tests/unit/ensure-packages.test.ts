// What a test that needs programs (redis-server, haproxy) is told when one is missing: a skip with
// the line that says what to install, except in CI, where that line fails the test.
import { afterEach, describe, expect, it, vi } from "vitest";

import { isCI, missingForTests } from "../../scripts/ensure-packages.mjs";

const NOT_INSTALLED = "no-such-program-for-the-test";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("missingForTests", () => {
  it("answers nothing when every program is installed", () => {
    vi.stubEnv("CI", "true");
    expect(missingForTests(["node"], "the node tests")).toBeUndefined();
  });

  it("outside CI, answers the one line that says what is missing and how to install it", () => {
    vi.stubEnv("CI", "");
    expect(missingForTests(["node", NOT_INSTALLED], "the tests")).toBe(
      `the tests: ${NOT_INSTALLED} is not installed (apt-get install ${NOT_INSTALLED})`,
    );
  });

  it("in CI, throws that line: the tests fail instead of being skipped", () => {
    vi.stubEnv("CI", "true");
    expect(() => missingForTests([NOT_INSTALLED, "another-missing-program"], "the tests")).toThrow(
      new Error(
        `the tests: ${NOT_INSTALLED} and another-missing-program are not installed (apt-get install ${NOT_INSTALLED} another-missing-program); in CI that fails the tests instead of skipping them`,
      ),
    );
  });
});

describe("isCI", () => {
  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
    ["", false],
  ])("CI=%j -> %s", (value, expected) => {
    vi.stubEnv("CI", value);
    expect(isCI()).toBe(expected);
  });
});
