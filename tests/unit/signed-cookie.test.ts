import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";

import { readSignedJsonCookie } from "~/lib/signed-cookie.server";

const SECRET = "secret-a".repeat(4);
const OTHER = "secret-b".repeat(4);
const USER = { role: "ADMIN", userName: "Zoë Ådmin", email: "zoe@example.com", avatar: null };

/** The Cookie header a browser sends back for a Set-Cookie line of React Router's createCookie. */
async function cookieHeaderFor(value: unknown, secrets: string[], name = "user"): Promise<string> {
  const setCookie = await createCookie(name, { secrets }).serialize(value);
  return `theme=dark; ${setCookie.split(";")[0]}; other=1`;
}

describe("readSignedJsonCookie", () => {
  it("reads what React Router's createCookie signed, non-ASCII text included", async () => {
    const header = await cookieHeaderFor(USER, [SECRET]);
    expect(readSignedJsonCookie(header, "user", [SECRET])).toEqual(USER);
    // The same answer React Router's own parse gives.
    expect(await createCookie("user", { secrets: [SECRET] }).parse(header)).toEqual(USER);
  });

  it("accepts a cookie signed by any of the secrets, as React Router does while a secret is rotated", async () => {
    const header = await cookieHeaderFor(USER, [OTHER]);
    expect(readSignedJsonCookie(header, "user", [SECRET, OTHER])).toEqual(USER);
  });

  it("refuses a cookie signed with another secret", async () => {
    const header = await cookieHeaderFor(USER, [OTHER]);
    expect(readSignedJsonCookie(header, "user", [SECRET])).toBeUndefined();
  });

  it("refuses a tampered value and an unsigned one", async () => {
    const header = await cookieHeaderFor(USER, [SECRET]);
    const signed = decodeURIComponent(/user=([^;]*)/.exec(header)![1]!);
    const [value, signature] = [signed.slice(0, signed.lastIndexOf(".")), signed.slice(signed.lastIndexOf(".") + 1)];
    const forged = Buffer.from(JSON.stringify({ ...USER, role: "SUPERADMIN" })).toString("base64");
    expect(
      readSignedJsonCookie(`user=${encodeURIComponent(`${forged}.${signature}`)}`, "user", [SECRET]),
    ).toBeUndefined();
    expect(readSignedJsonCookie(`user=${encodeURIComponent(value)}`, "user", [SECRET])).toBeUndefined();
    expect(readSignedJsonCookie(`user=${encodeURIComponent(`${value}.`)}`, "user", [SECRET])).toBeUndefined();
  });

  it("is undefined without the cookie, and for a malformed one", () => {
    expect(readSignedJsonCookie(null, "user", [SECRET])).toBeUndefined();
    expect(readSignedJsonCookie("theme=dark", "user", [SECRET])).toBeUndefined();
    expect(readSignedJsonCookie("user=%E0%A4%A", "user", [SECRET])).toBeUndefined();
    expect(readSignedJsonCookie("user=", "user", [SECRET])).toBeUndefined();
  });
});
