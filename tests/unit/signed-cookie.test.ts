import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";

import { cookieSecret, readSignedJsonCookie, signedCookie } from "~/lib/signed-cookie.server";

const SECRET = "secret-a".repeat(4);
const OTHER = "secret-b".repeat(4);
const USER = { role: "ADMIN", userName: "Zoë Ådmin", email: "zoe@example.com", avatar: null };

/** The Cookie header a browser sends back for a Set-Cookie line of signedCookie. */
async function cookieHeaderFor(value: unknown, secret: string, name = "user"): Promise<string> {
  const setCookie = await signedCookie(name, secret).serialize(value);
  return `theme=dark; ${setCookie.split(";")[0]}; other=1`;
}

/** The signed value of a cookie, moved under another name (what an attacker can do with their own cookies). */
function renamed(header: string, from: string, to: string): string {
  const value = new RegExp(`(?:^|; )${from}=([^;]*)`).exec(header)![1]!;
  return `${to}=${value}`;
}

describe("cookieSecret", () => {
  it("differs per cookie name and per session secret, and never is the session secret", () => {
    const secrets = [
      cookieSecret(SECRET, "user"),
      cookieSecret(SECRET, "account_deletion"),
      cookieSecret(SECRET, "password_reset_request"),
      cookieSecret(OTHER, "user"),
    ];
    expect(new Set(secrets).size).toBe(4);
    expect(secrets).not.toContain(SECRET);
    expect(cookieSecret(SECRET, "user")).toBe(secrets[0]);
  });
});

describe("signedCookie", () => {
  it("is HttpOnly, SameSite=Lax and on path / unless told otherwise", async () => {
    const line = await signedCookie("memo", SECRET, { maxAge: 60, secure: true }).serialize({ a: 1 });
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly(;|$)/);
    expect(line).toMatch(/; SameSite=Lax(;|$)/);
    expect(line).toMatch(/; Secure(;|$)/);
    expect(line).toMatch(/; Max-Age=60(;|$)/);
  });

  it("refuses a value signed for another cookie of the same shape", async () => {
    const request = await cookieHeaderFor({ email: "victim@example.com" }, SECRET, "password_reset_request");
    const deletion = signedCookie("account_deletion", SECRET);
    expect(await signedCookie("password_reset_request", SECRET).parse(request)).toEqual({
      email: "victim@example.com",
    });
    expect(await deletion.parse(renamed(request, "password_reset_request", "account_deletion"))).toBeNull();
  });
});

describe("readSignedJsonCookie", () => {
  it("reads what signedCookie wrote, non-ASCII text included, as React Router's own parse does", async () => {
    const header = await cookieHeaderFor(USER, SECRET);
    expect(readSignedJsonCookie(header, "user", SECRET)).toEqual(USER);
    expect(await signedCookie("user", SECRET).parse(header)).toEqual(USER);
  });

  it("refuses a value signed for another cookie name", async () => {
    const header = await cookieHeaderFor(USER, SECRET, "toast");
    expect(readSignedJsonCookie(renamed(header, "toast", "user"), "user", SECRET)).toBeUndefined();
  });

  it("refuses a cookie signed with the session secret itself (the format before decision 034)", async () => {
    const setCookie = await createCookie("user", { secrets: [SECRET] }).serialize(USER);
    expect(readSignedJsonCookie(setCookie.split(";")[0]!, "user", SECRET)).toBeUndefined();
  });

  it("refuses a cookie signed with another session secret", async () => {
    const header = await cookieHeaderFor(USER, OTHER);
    expect(readSignedJsonCookie(header, "user", SECRET)).toBeUndefined();
  });

  it("refuses a tampered value and an unsigned one", async () => {
    const header = await cookieHeaderFor(USER, SECRET);
    const signed = decodeURIComponent(/user=([^;]*)/.exec(header)![1]!);
    const [value, signature] = [signed.slice(0, signed.lastIndexOf(".")), signed.slice(signed.lastIndexOf(".") + 1)];
    const forged = Buffer.from(JSON.stringify({ ...USER, role: "SUPERADMIN" })).toString("base64");
    expect(
      readSignedJsonCookie(`user=${encodeURIComponent(`${forged}.${signature}`)}`, "user", SECRET),
    ).toBeUndefined();
    expect(readSignedJsonCookie(`user=${encodeURIComponent(value)}`, "user", SECRET)).toBeUndefined();
    expect(readSignedJsonCookie(`user=${encodeURIComponent(`${value}.`)}`, "user", SECRET)).toBeUndefined();
  });

  it("still refuses a forgery, another name and another secret after the genuine cookie was read (the verified signatures kept)", async () => {
    const header = await cookieHeaderFor(USER, SECRET);
    expect(readSignedJsonCookie(header, "user", SECRET)).toEqual(USER);
    expect(readSignedJsonCookie(header, "user", SECRET)).toEqual(USER);
    const signed = decodeURIComponent(/user=([^;]*)/.exec(header)![1]!);
    const signature = signed.slice(signed.lastIndexOf(".") + 1);
    const forged = Buffer.from(JSON.stringify({ ...USER, role: "SUPERADMIN" })).toString("base64");
    expect(
      readSignedJsonCookie(`user=${encodeURIComponent(`${forged}.${signature}`)}`, "user", SECRET),
    ).toBeUndefined();
    expect(readSignedJsonCookie(renamed(header, "user", "toast"), "toast", SECRET)).toBeUndefined();
    expect(readSignedJsonCookie(header, "user", OTHER)).toBeUndefined();
  });

  it("is undefined without the cookie, and for a malformed one", () => {
    expect(readSignedJsonCookie(null, "user", SECRET)).toBeUndefined();
    expect(readSignedJsonCookie("theme=dark", "user", SECRET)).toBeUndefined();
    expect(readSignedJsonCookie("user=%E0%A4%A", "user", SECRET)).toBeUndefined();
    expect(readSignedJsonCookie("user=", "user", SECRET)).toBeUndefined();
  });
});
