import { describe, expect, it } from "vitest";

import { failureMessage } from "~/recipe/failure.server";
import { SuccessAnswerSchema } from "~/upstream/contract/common";
import {
  refusalReason,
  toFieldErrorList,
  toFieldErrors,
  unknownOutcomeMessage,
  UpstreamError,
} from "~/upstream/errors";
import { readCookie } from "~/lib/cookie-header";
import { rewriteSetCookie } from "~/upstream/session-cookie.server";

describe("toFieldErrors", () => {
  it("uses the part after the first dot of a field name", () => {
    expect(
      toFieldErrors([
        { field: "body.title", message: "Too long" },
        { field: "email", message: "Bad" },
        { field: "body.a.b", message: "Deep" },
      ]),
    ).toEqual({
      title: "Too long",
      email: "Bad",
      "a.b": "Deep",
    });
  });

  it("keeps the first message of a field", () => {
    expect(
      toFieldErrors([
        { field: "body.title", message: "First" },
        { field: "body.title", message: "Second" },
      ]),
    ).toEqual({ title: "First" });
  });
});

describe("toFieldErrorList", () => {
  it("keeps every entry in order, named like the form's fields", () => {
    expect(
      toFieldErrorList([
        { field: "body.email", message: "Domain not allowed" },
        { field: "body.email", message: "Too many" },
        { field: "password", message: "Expired" },
      ]),
    ).toEqual([
      ["email", "Domain not allowed"],
      ["email", "Too many"],
      ["password", "Expired"],
    ]);
  });
});

describe("refusalReason", () => {
  it("is the first field error, else the server's message, else the fallback", () => {
    const errors = [{ field: "body.fileName", message: "Name taken" }];
    const withFields = new UpstreamError(
      400,
      "Validation failed",
      toFieldErrors(errors),
      "http",
      true,
      toFieldErrorList(errors),
    );
    expect(refusalReason(withFields, "Fallback")).toBe("Name taken");
    expect(refusalReason(new UpstreamError(500, "Storage down", {}, "http", true), "Fallback")).toBe("Storage down");
    expect(refusalReason(new UpstreamError(502, "The upstream API answered 502"), "Fallback")).toBe("Fallback");
  });
});

describe("SuccessAnswerSchema", () => {
  it.each([
    [undefined, ""],
    [{}, ""],
    [{ success: true }, ""],
    [{ message: 5 }, ""],
    [[], ""],
    ["OK", ""],
    [{ message: "  Custom: pin flipped ", data: { id: 1 } }, "Custom: pin flipped"],
  ])("reads any 2xx body %j as a success with message %j", (body, message) => {
    expect(SuccessAnswerSchema.parse(body)).toEqual({ message });
  });
});

describe("UpstreamError.messageOr", () => {
  it("prefers the server's message and falls back otherwise", () => {
    expect(new UpstreamError(400, "Server says no", {}, "http", true).messageOr("Fallback")).toBe("Server says no");
    expect(new UpstreamError(504, "timeout", {}, "timeout").messageOr("Fallback")).toBe("Fallback");
  });
});

describe("a change without an answer in time", () => {
  it("says that it may have happened, naming the action of the screen's failure text", () => {
    expect(unknownOutcomeMessage("Failed to ban user")).toBe(
      "No answer from the server in time: the request to ban the user was sent and may have gone through. Reload to check before trying again.",
    );
    expect(unknownOutcomeMessage("Something went wrong")).toBe(
      "No answer from the server in time: the request was sent and may have gone through. Reload to check before trying again.",
    );
  });

  it("names every action of the panel with its article", () => {
    const action = (failed: string) => /the request to (.+) was sent/.exec(unknownOutcomeMessage(failed))?.[1];
    // Every "Failed to ..." text a change of the panel falls back to (grep 'Failed to' app/).
    const named = Object.fromEntries(
      [
        "Failed to ban user",
        "Failed to unban user",
        "Failed to verify user",
        "Failed to send notification",
        "Failed to update badge request",
        "Failed to delete post",
        "Failed to create announcement",
        "Failed to update announcement",
        "Failed to delete announcement",
        "Failed to update status",
        "Failed to update pinned status",
        "Failed to create membership",
        "Failed to update membership",
        "Failed to update membership status",
        "Failed to delete membership",
      ].map((failed) => [failed, action(failed)]),
    );
    expect(named).toEqual({
      "Failed to ban user": "ban the user",
      "Failed to unban user": "unban the user",
      "Failed to verify user": "verify the user",
      "Failed to send notification": "send the notification",
      "Failed to update badge request": "update the badge request",
      "Failed to delete post": "delete the post",
      "Failed to create announcement": "create the announcement",
      "Failed to update announcement": "update the announcement",
      "Failed to delete announcement": "delete the announcement",
      "Failed to update status": "update the status",
      "Failed to update pinned status": "update the pinned status",
      "Failed to create membership": "create the membership",
      "Failed to update membership": "update the membership",
      "Failed to update membership status": "update the membership status",
      "Failed to delete membership": "delete the membership",
    });
    // A text that names its object already is left as it is.
    expect(action("Failed to update the badge")).toBe("update the badge");
  });

  it("is the failure mapper's message for outcome-unknown only: a refused connection or a 5xx still failed", () => {
    const unanswered = new UpstreamError(504, "The upstream API did not answer in time", {}, "outcome-unknown");
    expect(failureMessage(unanswered, "Failed to delete post")).toBe(unknownOutcomeMessage("Failed to delete post"));
    const refused = new UpstreamError(502, "The upstream API could not be reached", {}, "network");
    expect(failureMessage(refused, "Failed to delete post")).toBe("Failed to delete post");
    const readTimeout = new UpstreamError(504, "The upstream API did not answer in time", {}, "timeout");
    expect(failureMessage(readTimeout, "Failed to delete post")).toBe("Failed to delete post");
    const refusal = new UpstreamError(404, "Post not found", {}, "http", true);
    expect(failureMessage(refusal, "Failed to delete post")).toBe("Post not found");
  });
});

describe("session cookie relay", () => {
  it("reads one cookie out of a header", () => {
    expect(readCookie("a=1; session=abc=; b=2", "session")).toBe("abc=");
    expect(readCookie("a=1", "session")).toBeUndefined();
  });

  it("rewrites a cross-site upstream cookie for the panel", () => {
    const upstream = "session=tok; Domain=api.example.com; Path=/api; HttpOnly; SameSite=None; Secure; Max-Age=604800";
    expect(rewriteSetCookie(upstream, false)).toBe("session=tok; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax");
    expect(rewriteSetCookie(upstream, true)).toBe(
      "session=tok; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure",
    );
  });
});

describe("signed session cookie", () => {
  it("signs the relayed value and reads it back", async () => {
    const { signCookieValue, unsignCookieValue } = await import("~/upstream/session-cookie.server");
    const signed = signCookieValue("tok-123", "secret-a".repeat(4));
    expect(signed).toMatch(/^tok-123\.[A-Za-z0-9_-]+$/);
    expect(unsignCookieValue(signed, "secret-a".repeat(4))).toBe("tok-123");
  });

  it("refuses a tampered value or another secret", async () => {
    const { signCookieValue, unsignCookieValue } = await import("~/upstream/session-cookie.server");
    const signed = signCookieValue("tok-123", "secret-a".repeat(4));
    expect(unsignCookieValue(signed.replace("tok-123", "tok-124"), "secret-a".repeat(4))).toBeUndefined();
    expect(unsignCookieValue(signed, "secret-b".repeat(4))).toBeUndefined();
    expect(unsignCookieValue("tok-123", "secret-a".repeat(4))).toBeUndefined();
  });

  it("keeps an emptied cookie empty", () => {
    expect(rewriteSetCookie("session=; Max-Age=0", false, (value) => `${value}.sig`)).toBe(
      "session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    );
  });
});
