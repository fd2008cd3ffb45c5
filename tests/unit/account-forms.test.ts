// The shared schemas of the public account pages (docs/product.md#form-validation-rules): the same ones run in the browser
// (useFormCheck's checkFields) and in the actions (readForm/parseForm).
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";

import {
  DeleteAccountEmailSchema,
  DeleteAccountIntentSchema,
  DeleteAccountKeySchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
} from "~/forms/account";
import { parseForm } from "~/forms/form-data.server";

/** Submits fields the way a browser does and returns the first message per field. */
function messages(schema: Parameters<typeof parseForm>[1], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const result = parseForm(formData, schema);
  return result.ok
    ? {}
    : Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error.message]));
}

describe("ForgotPasswordSchema", () => {
  it.each([
    [{}, "Email is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "   " }, "Email is required"],
    [{ email: "plainaddress" }, "Invalid email address"],
    [{ email: "a@b" }, "Invalid email address"],
    [{ email: "a b@c.de" }, "Invalid email address"],
    [{ email: "@example.com" }, "Invalid email address"],
  ])("rejects %j with '%s'", (fields, message) => {
    expect(messages(ForgotPasswordSchema, fields)).toEqual({ email: message });
  });

  it("trims and lowercases a valid email", () => {
    expect(z.parse(ForgotPasswordSchema, { email: "  Someone@Example.COM " })).toEqual({
      email: "someone@example.com",
    });
  });
});

describe("ResetPasswordSchema", () => {
  it.each([
    [{}, { password: "Password is required", confirmPassword: "Please confirm your password" }],
    [
      { password: "", confirmPassword: "" },
      { password: "Password is required", confirmPassword: "Please confirm your password" },
    ],
    [{ password: "1234567", confirmPassword: "1234567" }, { password: "Password must be at least 8 characters" }],
    [
      { password: "x".repeat(21), confirmPassword: "x".repeat(21) },
      { password: "Password must be at most 20 characters" },
    ],
    [{ password: "12345678", confirmPassword: "" }, { confirmPassword: "Please confirm your password" }],
    [{ password: "12345678", confirmPassword: "12345679" }, { confirmPassword: "Passwords do not match" }],
    [
      { password: "1234567", confirmPassword: "nope" },
      { password: "Password must be at least 8 characters", confirmPassword: "Passwords do not match" },
    ],
  ])("rejects %j", (fields, expected) => {
    expect(messages(ResetPasswordSchema, fields)).toEqual(expected);
  });

  it("accepts 8 and 20 characters and keeps spaces (they are part of a password)", () => {
    expect(messages(ResetPasswordSchema, { password: "8 chars!", confirmPassword: "8 chars!" })).toEqual({});
    expect(messages(ResetPasswordSchema, { password: "y".repeat(20), confirmPassword: "y".repeat(20) })).toEqual({});
    expect(z.parse(ResetPasswordSchema, { password: " spaced  ", confirmPassword: " spaced  " }).password).toBe(
      " spaced  ",
    );
  });
});

describe("delete account schemas", () => {
  it.each(["", "   ", "member@example", "member example.com", "member@@example.com"])(
    "step 1 rejects %j with 'Invalid Email'",
    (email) => {
      expect(messages(DeleteAccountEmailSchema, { intent: "generate-key", email })).toEqual({ email: "Invalid Email" });
    },
  );

  it("step 1 also says 'Invalid Email' when the field is missing", () => {
    expect(messages(DeleteAccountEmailSchema, { intent: "generate-key" })).toEqual({ email: "Invalid Email" });
  });

  it("step 1 lowercases and trims the email", () => {
    expect(z.parse(DeleteAccountEmailSchema, { intent: "generate-key", email: " Member@Example.COM " })).toEqual({
      intent: "generate-key",
      email: "member@example.com",
    });
  });

  it("step 2 requires a security key and trims it", () => {
    expect(messages(DeleteAccountKeySchema, { intent: "delete-user", securityKey: "  " })).toEqual({
      securityKey: "Security key is required",
    });
    expect(z.parse(DeleteAccountKeySchema, { intent: "delete-user", securityKey: " 123456 " }).securityKey).toBe(
      "123456",
    );
  });

  it("each step only accepts its own intent", () => {
    expect(messages(DeleteAccountEmailSchema, { intent: "delete-user", email: "a@b.co" })).toHaveProperty("intent");
    expect(messages(DeleteAccountKeySchema, { intent: "generate-key", securityKey: "1" })).toHaveProperty("intent");
    expect(z.safeParse(DeleteAccountIntentSchema, "generate-key").success).toBe(true);
    expect(z.safeParse(DeleteAccountIntentSchema, "delete-user").success).toBe(true);
    expect(z.safeParse(DeleteAccountIntentSchema, "delete-everything").success).toBe(false);
    expect(z.safeParse(DeleteAccountIntentSchema, null).success).toBe(false);
  });
});

describe("secrets in re-rendered values", () => {
  it("a failed reset or key submission never hands the typed secret back", () => {
    const formData = new FormData();
    formData.set("password", "Secret-Pass-1");
    formData.set("confirmPassword", "Other-Pass-1");
    const reset = parseForm(formData, ResetPasswordSchema);
    expect(reset.ok).toBe(false);
    expect(reset.values).toEqual({});

    const keyData = new FormData();
    keyData.set("intent", "delete-user");
    keyData.set("securityKey", "");
    const key = parseForm(keyData, DeleteAccountKeySchema);
    expect(key.values).toEqual({ intent: "delete-user" });
  });
});
