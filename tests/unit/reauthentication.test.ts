// Re-authentication's window (docs/product.md#re-authentication, decision 080): an answered
// challenge covers the session's guarded actions for 15 minutes, on an injected clock.
import { describe, expect, it } from "vitest";

import { REAUTHENTICATION_MINUTES, reauthenticationFresh } from "~/session/reauthentication.server";

const MINUTE = 60_000;
const at = Date.UTC(2026, 11, 2, 10, 0);

describe("reauthenticationFresh", () => {
  it("covers the 15 minutes after an answer, and not a moment more", () => {
    expect(REAUTHENTICATION_MINUTES).toBe(15);
    expect(reauthenticationFresh(at, at)).toBe(true);
    expect(reauthenticationFresh(at, at + 15 * MINUTE - 1)).toBe(true);
    expect(reauthenticationFresh(at, at + 15 * MINUTE)).toBe(false);
    expect(reauthenticationFresh(at, at + 16 * MINUTE)).toBe(false);
  });

  it("counts no answer; one from another instance's clock a little ahead counts, one far ahead does not", () => {
    expect(reauthenticationFresh(undefined, at)).toBe(false);
    expect(reauthenticationFresh(at + MINUTE, at)).toBe(true);
    expect(reauthenticationFresh(at + MINUTE + 1, at)).toBe(false);
  });
});
