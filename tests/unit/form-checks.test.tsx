// @vitest-environment happy-dom
// What each form says before it is sent, with JavaScript: the messages the server answers without
// it (tests/integration/*), shown at once on their fields, what was typed kept, and nothing posted.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { AnnouncementFormDialog } from "~/routes/admin/announcements/announcement-form";
import { NotifyDialog } from "~/routes/admin/users/notify-dialog";
import DeleteAccount from "~/routes/auth/delete-account";
import ForgotPassword from "~/routes/auth/forgot-password";
import Login from "~/routes/auth/login";
import ResetPassword from "~/routes/auth/reset-password";
import {
  announcementSchema,
  deleteAccountEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  pushNotificationSchema,
  resetPasswordSchema,
} from "~/forms/schema-loaders.client";
import { descriptionOf } from "../support/html";
import { formCheckLoaded, renderRoute } from "../support/route-stub";

/** Types into a field as a person does: the value changes and the field says so. */
function type(field: HTMLElement, text: string) {
  fireEvent.input(field, { target: { value: text } });
}

const submit = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

describe("sign-in", () => {
  it("asks for the email and the password, each on its field", async () => {
    const action = vi.fn();
    renderRoute({ path: "/login", url: "/login", Component: Login, loaderData: { expired: false }, action });
    await formCheckLoaded(loginSchema);
    submit("Login");
    expect(await screen.findByRole("textbox", { name: "Email", description: "Email is required" })).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText("Password"))).toBe("Password is required");
    expect(action).not.toHaveBeenCalled();
  });
});

describe("forgot password", () => {
  it("asks for an email, then a valid one, keeping what was typed", async () => {
    const action = vi.fn();
    renderRoute({
      path: "/forgot-password",
      url: "/forgot-password",
      Component: ForgotPassword,
      loaderData: { sent: false },
      action,
    });
    await formCheckLoaded(forgotPasswordSchema);
    submit("Send Reset Link");
    const email = await screen.findByRole("textbox", { name: "Email Address", description: "Email is required" });
    type(email, "not-an-email");
    submit("Send Reset Link");
    expect(await screen.findByRole("textbox", { description: "Invalid email address" })).toBe(email);
    expect((email as HTMLInputElement).value).toBe("not-an-email");
    expect(action).not.toHaveBeenCalled();
  });
});

describe("reset password", () => {
  it("asks for both passwords, 8 to 20 characters, and the same twice", async () => {
    const action = vi.fn();
    renderRoute({
      path: "/reset-password",
      url: "/reset-password?token=abc",
      Component: ResetPassword,
      loaderData: { state: "form" },
      action,
    });
    await formCheckLoaded(resetPasswordSchema);
    const password = screen.getByLabelText("New Password");
    const confirm = screen.getByLabelText("Confirm New Password");
    const errors = () => [descriptionOf(password), descriptionOf(confirm)];

    submit("Reset Password");
    expect(errors()).toEqual(["Password is required", "Please confirm your password"]);
    for (const [typed, message] of [
      ["short", "Password must be at least 8 characters"],
      ["this-password-is-too-long", "Password must be at most 20 characters"],
    ]) {
      type(password, typed!);
      type(confirm, typed!);
      submit("Reset Password");
      expect(descriptionOf(password)).toBe(message);
    }
    type(password, "Fresh-Pass-123");
    type(confirm, "Fresh-Pass-124");
    submit("Reset Password");
    expect(errors()).toEqual(["", "Passwords do not match"]);
    expect((password as HTMLInputElement).value).toBe("Fresh-Pass-123");
    expect(action).not.toHaveBeenCalled();
  });
});

describe("delete account", () => {
  it("waits for an email before Get Security Key, and says 'Invalid Email' on the field and as a toast", async () => {
    const action = vi.fn();
    renderRoute({
      path: "/delete-account",
      url: "/delete-account",
      Component: DeleteAccount,
      loaderData: { step: "email" },
      action,
    });
    await formCheckLoaded(deleteAccountEmailSchema);
    const getKey = screen.getByRole("button", { name: "Get Security Key" }) as HTMLButtonElement;
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(getKey.disabled).toBe(true);
    type(email, "someone@example.com");
    expect(getKey.disabled).toBe(false);
    type(email, "  ");
    expect(getKey.disabled).toBe(true);

    type(email, "not-an-email");
    submit("Get Security Key");
    expect(await screen.findByRole("textbox", { name: "Email", description: "Invalid Email" })).toBe(email);
    expect(screen.getByTestId("toast-message").textContent).toBe("Invalid Email");
    expect((email as HTMLInputElement).value).toBe("not-an-email");
    expect(action).not.toHaveBeenCalled();
  });
  it("waits for a key before Verify Key", () => {
    renderRoute({
      path: "/delete-account",
      url: "/delete-account",
      Component: DeleteAccount,
      loaderData: { step: "key", email: "someone@example.com" },
      action: vi.fn(),
    });
    const verify = screen.getByRole("button", { name: "Verify Key" }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    type(screen.getByRole("textbox", { name: "Security Key" }), "123456");
    expect(verify.disabled).toBe(false);
  });
});

describe("send push notification", () => {
  it("asks for both a title and a message, and sends nothing", async () => {
    const action = vi.fn();
    renderRoute({
      path: "/users/:id",
      url: "/users/5?notify=1",
      Component: () => <NotifyDialog closeTo="/users/5" actionData={undefined} />,
      action,
    });
    await formCheckLoaded(pushNotificationSchema);
    const dialog = within(screen.getByRole("dialog", { name: "Send Push Notification" }));
    const title = dialog.getByRole("textbox", { name: "Title" });
    type(title, "Only a title");
    submit("Send Notification");
    expect(await dialog.findByRole("alert")).toHaveProperty("textContent", "Please fill in both title and message");
    expect((title as HTMLInputElement).value).toBe("Only a title");

    type(title, "   ");
    type(dialog.getByRole("textbox", { name: "Message" }), "Only a message");
    submit("Send Notification");
    expect(dialog.getByRole("textbox", { name: "Title", description: "Please fill in both title and message" }));
    expect(action).not.toHaveBeenCalled();
  });

  it("says each field's own message when the server refuses both fields, and the shared one once", () => {
    const serverError = (message: string) => ({ type: "server", message });
    renderRoute({
      path: "/users/:id",
      url: "/users/5?notify=1",
      Component: () => (
        <NotifyDialog
          closeTo="/users/5"
          actionData={{
            errors: {
              title: serverError("Title is too long for a lock screen"),
              message: serverError("Message contains a banned word"),
            },
            values: {},
          }}
        />
      ),
    });
    const dialog = within(screen.getByRole("dialog", { name: "Send Push Notification" }));
    expect(descriptionOf(dialog.getByRole("textbox", { name: "Title" }))).toBe("Title is too long for a lock screen");
    expect(descriptionOf(dialog.getByRole("textbox", { name: "Message" }))).toBe("Message contains a banned word");
    // Each message shows once, by its own field.
    expect(dialog.getAllByText("Title is too long for a lock screen")).toHaveLength(1);
    expect(dialog.getAllByText("Message contains a banned word")).toHaveLength(1);
  });

  it("ties the one message for two blank fields to both, shown once above them", () => {
    const blank = { type: "server", message: "Please fill in both title and message" };
    renderRoute({
      path: "/users/:id",
      url: "/users/5?notify=1",
      Component: () => (
        <NotifyDialog closeTo="/users/5" actionData={{ errors: { title: blank, message: blank }, values: {} }} />
      ),
    });
    const dialog = within(screen.getByRole("dialog", { name: "Send Push Notification" }));
    expect(dialog.getByRole("alert").textContent).toBe("Please fill in both title and message");
    expect(dialog.getAllByText("Please fill in both title and message")).toHaveLength(1);
    expect(descriptionOf(dialog.getByRole("textbox", { name: "Title" }))).toBe("Please fill in both title and message");
    expect(descriptionOf(dialog.getByRole("textbox", { name: "Message" }))).toBe(
      "Please fill in both title and message",
    );
  });
});

describe("announcement form", () => {
  const start = {
    title: "",
    description: "",
    date: "2026-03-14T15:09",
    imageUrl: "",
    isActive: true,
    isPinned: false,
  };

  it("says what is wrong with each field, keeps what was typed, and clears a message as its field is edited", async () => {
    const action = vi.fn();
    renderRoute({
      path: "/announcements",
      url: "/announcements?new",
      Component: () => (
        <AnnouncementFormDialog
          mode="create"
          start={start}
          closeTo="/announcements"
          actionHref="/announcements"
          timeZone="UTC"
        />
      ),
      action,
    });
    await formCheckLoaded(announcementSchema);
    const dialog = within(screen.getByRole("dialog", { name: "Create Announcement" }));
    const field = (name: string) => dialog.getByLabelText(name, { exact: false }) as HTMLInputElement;

    submit("Create");
    expect(descriptionOf(field("Title"))).toBe("Title is required");
    expect(descriptionOf(field("Description"))).toBe("Description is required");

    type(field("Title"), "x".repeat(256));
    type(field("Description"), "   ");
    type(field("Date"), "");
    type(field("Image URL"), "not a url");
    submit("Create");
    expect(descriptionOf(field("Title"))).toBe("Title must be less than 255 characters");
    expect(descriptionOf(field("Description"))).toBe("Description is required");
    expect(descriptionOf(field("Date"))).toBe("Date is required");
    expect(descriptionOf(field("Image URL"))).toBe("Please enter a valid URL");

    type(field("Title"), "Coffee morning");
    expect(descriptionOf(field("Title"))).toBe("");
    expect(descriptionOf(field("Image URL"))).toBe("Please enter a valid URL");

    type(field("Description"), "y".repeat(2001));
    submit("Create");
    expect(descriptionOf(field("Description"))).toBe("Description must be less than 2000 characters");
    expect(field("Title").value).toBe("Coffee morning");
    expect(field("Image URL").value).toBe("not a url");
    expect(action).not.toHaveBeenCalled();
  });
});
