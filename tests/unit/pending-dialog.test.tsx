// @vitest-environment happy-dom
// While a dialog's form is on its way (decision 041), its button says so and waits, and Cancel
// cannot close it; once the answer is in, both are back.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect, it } from "vitest";

import { NotifyDialog } from "~/routes/admin/users/notify-dialog";
import { pushNotificationSchema } from "~/forms/schema-loaders.client";
import { formCheckLoaded, renderRoute } from "../support/route-stub";

it("Send Notification says 'Sending...' and Cancel is disabled until the answer comes", async () => {
  let answer!: (value: null) => void;
  const answered = new Promise<null>((resolve) => (answer = resolve));
  renderRoute({
    path: "/users/:id",
    url: "/users/5?notify=1",
    Component: () => <NotifyDialog closeTo="/users/5" actionData={undefined} />,
    action: () => answered,
  });
  await formCheckLoaded(pushNotificationSchema);
  const dialog = within(screen.getByRole("dialog", { name: "Send Push Notification" }));
  fireEvent.input(dialog.getByRole("textbox", { name: "Title" }), { target: { value: "Meetup" } });
  fireEvent.input(dialog.getByRole("textbox", { name: "Message" }), { target: { value: "Tonight at 6" } });
  fireEvent.click(dialog.getByRole("button", { name: "Send Notification" }));

  const pending = (await dialog.findByRole("button", { name: "Sending..." })) as HTMLButtonElement;
  expect(pending.disabled).toBe(true);
  const cancel = dialog.getByRole("link", { name: "Cancel" });
  expect(cancel.getAttribute("aria-disabled")).toBe("true");
  fireEvent.click(cancel);
  expect(screen.getByRole("dialog", { name: "Send Push Notification" })).toBeTruthy();

  await act(async () => answer(null));
  expect(((await dialog.findByRole("button", { name: "Send Notification" })) as HTMLButtonElement).disabled).toBe(
    false,
  );
  expect(dialog.getByRole("link", { name: "Cancel" }).getAttribute("aria-disabled")).toBeNull();
});
