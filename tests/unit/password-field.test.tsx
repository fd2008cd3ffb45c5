// @vitest-environment happy-dom
// The show/hide toggle of a password field, once JavaScript runs (decision 011). Without JavaScript
// there is none, and the server's HTML has real password inputs: tests/integration/security-password-fields.test.ts.
import { fireEvent, screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";

import Login from "~/routes/auth/login";
import ResetPassword from "~/routes/auth/reset-password";
import { renderRoute } from "../support/route-stub";

/** The toggle that shows or hides `field`. */
const toggleOf = (field: HTMLElement) =>
  document.querySelector<HTMLButtonElement>(`button[aria-controls="${field.id}"]`)!;

it.each([
  { path: "/login", Component: Login, loaderData: { expired: false }, labels: ["Password"] },
  {
    path: "/reset-password",
    Component: ResetPassword,
    loaderData: { state: "form" },
    labels: ["New Password", "Confirm New Password"],
  },
])("$path: each password field shows and hides what was typed", ({ path, Component, loaderData, labels }) => {
  renderRoute({ path, url: path, Component, loaderData, action: vi.fn() });
  for (const label of labels) {
    const field = screen.getByLabelText(label) as HTMLInputElement;
    fireEvent.input(field, { target: { value: "Secret-123" } });
    const toggle = toggleOf(field);
    expect(field.type).toBe("password");
    expect(toggle.getAttribute("aria-label")).toBe("Show password");
    fireEvent.click(toggle);
    expect(field.type).toBe("text");
    expect(toggle.getAttribute("aria-label")).toBe("Hide password");
    fireEvent.click(toggle);
    expect(field.type).toBe("password");
    expect(toggle.getAttribute("aria-label")).toBe("Show password");
    expect(field.value).toBe("Secret-123");
  }
});

it("masks a shown password again before its form is sent", () => {
  renderRoute({ path: "/login", url: "/login", Component: Login, loaderData: { expired: false }, action: vi.fn() });
  const field = screen.getByLabelText("Password") as HTMLInputElement;
  fireEvent.click(toggleOf(field));
  expect(field.type).toBe("text");
  fireEvent.submit(field.form!);
  expect(field.type).toBe("password");
});
