// @vitest-environment happy-dom
// The tier image widget of Create Membership Tier refuses a file before anything is sent, with JavaScript: too big, not an
// image, or an SVG named .png (its first bytes give it away). Without JavaScript the server checks
// the same: tests/integration/memberships.test.ts and security-uploads.test.ts.
import { fireEvent, screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";

import CreateMembership from "~/routes/admin/memberships/create";
import { renderRoute } from "../support/route-stub";

/** A small valid PNG (1 × 1 pixel). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const TYPE_REFUSED =
  "File type not supported. Accepted types: image/png, image/jpeg, image/webp, image/gif, image/avif";

it.each([
  [
    "a PNG over 5 MB",
    new File([PNG, new Uint8Array(5 * 1024 * 1024)], "big.png", { type: "image/png" }),
    "File size must be less than 5MB",
  ],
  ["a text file", new File(["hello"], "notes.txt", { type: "text/plain" }), TYPE_REFUSED],
  [
    "an SVG named .png",
    new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "notes.png", {
      type: "image/png",
    }),
    TYPE_REFUSED,
  ],
])("refuses %s with the form's message, asking for no upload", async (_what, file, message) => {
  const action = vi.fn();
  renderRoute({
    path: "/memberships/create",
    url: "/memberships/create",
    Component: CreateMembership,
    loaderData: { apiOrigin: "http://api.test" },
    action,
  });
  fireEvent.input(screen.getByLabelText("Tier Name"), { target: { value: "Keep me" } });
  fireEvent.change(screen.getByLabelText("Tier Icon/Image"), { target: { files: [file] } });
  expect((await screen.findByRole("alert")).textContent).toBe(message);
  expect(screen.getByTestId("image-upload").getAttribute("data-state")).toBe("error");
  expect((screen.getByLabelText("Tier Name") as HTMLInputElement).value).toBe("Keep me");
  expect(action).not.toHaveBeenCalled();
});
