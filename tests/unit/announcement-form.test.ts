import { safeParse } from "zod/mini";
import { describe, expect, it } from "vitest";

import { AnnouncementFormSchema } from "~/forms/announcement";
import { isAbsoluteUrl } from "~/lib/file-link";

const valid = {
  title: "Town hall",
  description: "Join us on Friday.",
  date: "2026-01-15T10:30",
  imageUrl: "",
  isActive: "true",
  isPinned: "false",
};

/** The first message for each field, as the form shows them. */
function messages(input: Record<string, unknown>): Record<string, string> {
  const result = safeParse(AnnouncementFormSchema, input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join(".")] ??= issue.message;
  return found;
}

describe("AnnouncementFormSchema (spec 5)", () => {
  it("accepts a valid form and trims the texts", () => {
    const result = safeParse(AnnouncementFormSchema, { ...valid, title: "  Town hall  ", description: "\tJoin us.\n" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      title: "Town hall",
      description: "Join us.",
      date: "2026-01-15T10:30",
      imageUrl: "",
      isActive: true,
      isPinned: false,
    });
  });

  it.each([
    [{ title: "" }, "title", "Title is required"],
    [{ title: "   " }, "title", "Title is required"],
    [{ title: undefined }, "title", "Title is required"],
    [{ title: "x".repeat(256) }, "title", "Title must be less than 255 characters"],
    [{ description: "" }, "description", "Description is required"],
    [{ description: " \n " }, "description", "Description is required"],
    [{ description: undefined }, "description", "Description is required"],
    [{ description: "x".repeat(2001) }, "description", "Description must be less than 2000 characters"],
    [{ date: "" }, "date", "Date is required"],
    [{ date: undefined }, "date", "Date is required"],
    [{ imageUrl: "not a url" }, "imageUrl", "Please enter a valid URL"],
    [{ imageUrl: "/files/a.png" }, "imageUrl", "Please enter a valid URL"],
    [{ imageUrl: "javascript:alert(1)" }, "imageUrl", "Please enter a valid URL"],
  ])("%j fails on %s with '%s'", (change, field, message) => {
    expect(messages({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it("allows exactly 255 and 2000 characters (counted after trimming)", () => {
    expect(messages({ ...valid, title: "x".repeat(255), description: "y".repeat(2000) })).toEqual({});
    expect(messages({ ...valid, title: ` ${"x".repeat(255)} ` })).toEqual({});
  });

  it("reports every broken field at once", () => {
    expect(messages({ title: "", description: "", date: "", imageUrl: "nope" })).toEqual({
      title: "Title is required",
      description: "Description is required",
      date: "Date is required",
      imageUrl: "Please enter a valid URL",
    });
  });

  it("takes no image URL, a blank one or an absolute http(s) one", () => {
    expect(messages({ ...valid, imageUrl: undefined })).toEqual({});
    expect(messages({ ...valid, imageUrl: "   " })).toEqual({});
    expect(messages({ ...valid, imageUrl: "https://cdn.example.com/a.png?x=1" })).toEqual({});
    expect(messages({ ...valid, imageUrl: "http://localhost:4010/files/announcements/3.svg" })).toEqual({});
  });

  it("rejects a date that is not a local date-time", () => {
    expect(messages({ ...valid, date: "tomorrow" })).toEqual({ date: "Date must be a valid date-time" });
  });

  it("reads the switches as checkboxes: 'on' or 'true' is on, absent or anything else is off", () => {
    const read = (isActive: unknown, isPinned: unknown) => {
      const result = safeParse(AnnouncementFormSchema, { ...valid, isActive, isPinned });
      return result.success ? [result.data.isActive, result.data.isPinned] : result.error.issues;
    };
    expect(read("on", "on")).toEqual([true, true]);
    expect(read("true", "false")).toEqual([true, false]);
    expect(read(true, false)).toEqual([true, false]);
    expect(read(undefined, undefined)).toEqual([false, false]);
    expect(read("", "off")).toEqual([false, false]);
  });
});

describe("isAbsoluteUrl", () => {
  it("wants an http(s) URL with a host", () => {
    expect(isAbsoluteUrl("https://example.com")).toBe(true);
    expect(isAbsoluteUrl("HTTP://EXAMPLE.COM/a")).toBe(true);
    expect(isAbsoluteUrl("ftp://example.com/a")).toBe(false);
    expect(isAbsoluteUrl("https://")).toBe(false);
    expect(isAbsoluteUrl("example.com/a.png")).toBe(false);
  });
});
