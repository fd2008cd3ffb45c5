import { describe, expect, it } from "vitest";

import { fetchableFileUrl } from "~/lib/file-link";
import { downloadFileName, MAX_FILE_NAME_LENGTH } from "~/upstream/file-download.server";

const API = "https://api.example.com/api";
const ORIGINS = ["https://api.example.com", "https://bucket.s3.amazonaws.com"];

describe("fetchableFileUrl", () => {
  it("accepts links on the API's origin (relative ones too) and on a listed origin", () => {
    expect(fetchableFileUrl("/files/passports/5.pdf", API, ORIGINS)?.href).toBe(
      "https://api.example.com/files/passports/5.pdf",
    );
    expect(fetchableFileUrl("https://bucket.s3.amazonaws.com/p/5.pdf?sig=1", API, ORIGINS)?.href).toBe(
      "https://bucket.s3.amazonaws.com/p/5.pdf?sig=1",
    );
  });

  it.each([
    "https://evil.test/5.pdf",
    "http://api.example.com/files/5.pdf",
    "https://api.example.com:8443/files/5.pdf",
    "http://127.0.0.1:4010/files/5.pdf",
    "http://localhost/files/5.pdf",
    "https://api.example.com@evil.test/5.pdf",
    "https://user:pass@api.example.com/files/5.pdf",
    "//evil.test/5.pdf",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "",
    null,
  ])("refuses %j", (link) => {
    expect(fetchableFileUrl(link, API, ORIGINS)).toBeNull();
  });
});

describe("downloadFileName", () => {
  it("keeps an ordinary name, accents and apostrophes included", () => {
    expect(downloadFileName("passport_Zoë O'Brien", "pdf")).toBe("passport_Zoë O'Brien.pdf");
  });

  it("drops control and direction-override characters and replaces path and shell characters", () => {
    expect(downloadFileName('passport_../a\\b"c<d>e:f*g?h|i\r\nj\u202ek', "pdf")).toBe(
      "passport_._a_b_c_d_e_f_g_h_ijk.pdf",
    );
  });

  it("caps the length, extension included, without splitting a character", () => {
    const name = downloadFileName(`passport_${"😀".repeat(80)}`, "webp");
    expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith("😀.webp")).toBe(true);
  });

  it("never answers a bare extension", () => {
    expect(downloadFileName("\u0000\u202e ", "pdf")).toBe("file.pdf");
  });
});
