import { describe, expect, it } from "vitest";

import { cssUrl } from "~/components/ui/upstream-image";

describe("cssUrl", () => {
  it("quotes a plain link as it is", () => {
    expect(cssUrl("https://cdn.example.com/a b.png")).toBe('url("https://cdn.example.com/a b.png")');
  });

  it("escapes what could end the string or the declaration", () => {
    expect(cssUrl('https://x.test/a");background:red;x("\\\n')).toBe(
      'url("https://x.test/a\\22 );background:red;x(\\22 \\5c \\a ")',
    );
  });
});
