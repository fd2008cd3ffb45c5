import { describe, expect, it } from "vitest";

import { LoginSchema } from "~/forms/auth";
import { AnnouncementFormSchema } from "~/forms/announcement";
import { PushNotificationSchema, PUSH_FIELDS_REQUIRED } from "~/forms/users";
import { checkFields } from "~/forms/check-fields";

describe("checkFields: what the browser shows before a form is sent", () => {
  it("gives each failing field its first message, as the spec words it", () => {
    expect(checkFields(LoginSchema, { email: "  ", password: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("is empty for a form that may be sent, whatever its untrimmed or upper-case input", () => {
    expect(checkFields(LoginSchema, { email: " Admin@Example.com ", password: "x" })).toEqual({});
  });

  it("treats a field the browser did not send as missing", () => {
    expect(checkFields(PushNotificationSchema, { intent: "notify", title: "Hello" })).toEqual({
      message: PUSH_FIELDS_REQUIRED,
    });
  });

  it("accepts a switch that is off, which a form does not send at all", () => {
    const messages = checkFields(AnnouncementFormSchema, {
      title: "Coffee morning",
      description: "In the hall",
      date: "2026-11-22T10:00",
      imageUrl: "",
    });
    expect(messages).toEqual({});
  });
});
