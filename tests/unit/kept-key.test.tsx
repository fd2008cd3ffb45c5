// @vitest-environment happy-dom
// A form whose change got no answer in time keeps the one-time key it was sent with (decision
// 019): with JavaScript the next click posts the same key, so the server answers the first outcome
// and sends nothing twice (tests/integration/unknown-outcome.test.ts shows the server's half).
// Any other answer draws a new key, so a corrected form is a new submission.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { data } from "react-router";
import { expect, it } from "vitest";

import { NotifyDialog } from "~/routes/admin/users/notify-dialog";
import { pushNotificationSchema } from "~/forms/schema-loaders.client";
import { formCheckLoaded, renderRoute, type StubAction } from "../support/route-stub";

/** Sends the push form once; resolves with the key it posted and the key the form holds after the answer. */
async function sendOnce(answer: (posted: string) => unknown) {
  let posted = "";
  const action: StubAction = async ({ request }) => {
    posted = String((await request.formData()).get("_once"));
    return answer(posted);
  };
  renderRoute({
    path: "/users/:id",
    url: "/users/5?notify=1",
    Component: () => <NotifyDialog closeTo="/users/5" actionData={undefined} />,
    action,
  });
  await formCheckLoaded(pushNotificationSchema);
  const dialog = within(screen.getByRole("dialog", { name: "Send Push Notification" }));
  fireEvent.input(dialog.getByRole("textbox", { name: "Title" }), { target: { value: "Meetup" } });
  fireEvent.input(dialog.getByRole("textbox", { name: "Message" }), { target: { value: "Tonight at 6" } });
  fireEvent.click(dialog.getByRole("button", { name: "Send Notification" }));
  await dialog.findByRole("button", { name: "Sending..." });
  await dialog.findByRole("button", { name: "Send Notification" });
  // The form draws (or keeps) its key in an effect once the answer has rendered.
  await act(() => Promise.resolve());
  const held = document.querySelector<HTMLInputElement>('input[name="_once"]')!.value;
  return { posted, held };
}

const failure = (extra: object) =>
  data(
    {
      errors: {},
      values: { intent: "notify", title: "Meetup", message: "Tonight at 6" },
      formError: "Failed",
      toasts: [{ id: "t", type: "warning", message: "Failed" }],
      ...extra,
    },
    { status: 502 },
  );

it("keeps the key it was sent with when the answer says so (no answer in time)", async () => {
  const { posted, held } = await sendOnce((key) => failure({ keptKey: key }));
  expect(posted).toMatch(/^[0-9a-f]{32}$/);
  expect(held).toBe(posted);
});

it("draws a new key after any other answer", async () => {
  const { posted, held } = await sendOnce(() => failure({}));
  expect(held).not.toBe(posted);
});
