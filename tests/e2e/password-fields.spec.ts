// Password fields are real password inputs in the server's HTML (decision 011): a screen reader,
// a text browser and form history never see the typed password. The show/hide toggle needs
// JavaScript, so it appears only once the page runs it.
import { expect, test } from "./fixtures";

/** Every page with password fields, with each field's label and autocomplete. */
const PAGES = [
  { path: "/login", fields: [{ label: "Password", autocomplete: "current-password" }] },
  {
    path: "/reset-password?token=any-token",
    fields: [
      { label: "New Password", autocomplete: "new-password" },
      { label: "Confirm New Password", autocomplete: "new-password" },
    ],
  },
];

/** The `<input>` tags of an HTML page that hold a password (by autocomplete or name). */
function passwordInputTags(html: string): string[] {
  return (html.match(/<input\b[^>]*>/g) ?? []).filter((tag) =>
    /autocomplete="(current|new)-password"|name="[^"]*password[^"]*"/i.test(tag),
  );
}

for (const { path, fields } of PAGES) {
  test.describe(`password fields on ${path}`, () => {
    test("the server's HTML has type=password for each of them and no CSS mask", async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const tags = passwordInputTags(html);
      expect(tags).toHaveLength(fields.length);
      tags.forEach((tag, position) => {
        expect(tag).toContain('type="password"');
        // HTML attribute names are case-insensitive (React writes `autoComplete`).
        expect(tag.toLowerCase()).toContain(`autocomplete="${fields[position]!.autocomplete}"`);
      });
      expect(html).not.toContain("text-security");
    });

    test("are password inputs, with a show/hide toggle only once JavaScript runs", async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto(path);
      for (const { label, autocomplete } of fields) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute("type", "password");
        await expect(field).toHaveAttribute("autocomplete", autocomplete);
        await field.fill("Secret-123");
        const id = await field.getAttribute("id");
        const toggle = page.locator(`button[aria-controls="${id}"]`);
        if (!javaScriptEnabled) {
          await expect(toggle).toHaveCount(0);
          continue;
        }
        await expect(toggle).toHaveAccessibleName("Show password");
        await toggle.click();
        await expect(field).toHaveAttribute("type", "text");
        await expect(toggle).toHaveAccessibleName("Hide password");
        await toggle.click();
        await expect(field).toHaveAttribute("type", "password");
        await expect(toggle).toHaveAccessibleName("Show password");
        await expect(field).toHaveValue("Secret-123");
      }
      // Without JavaScript nothing on the page offers to show a password.
      if (!javaScriptEnabled) {
        await expect(page.getByRole("button", { name: /show password|hide password/i })).toHaveCount(0);
        await expect(page.getByRole("checkbox")).toHaveCount(0);
      }
    });
  });
}
