// The server's content sniffing (file-type) for uploads and passport downloads.
import { describe, expect, it } from "vitest";

import { checkUploadedFile, FILE_TYPES, sniffFileType } from "~/lib/file-type.server";
import {
  fileTypeMessage,
  RASTER_IMAGE_EXTENSIONS,
  TIER_IMAGE_ACCEPT,
  TIER_IMAGE_MAX_SIZE_MB,
} from "~/lib/upload-rules";

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, "latin1"));
/** A small valid PNG (1 × 1 pixel). */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const SAMPLES = {
  "image/png": PNG,
  "image/jpeg": bytes("\xff\xd8\xff\xe0\0\x10JFIF\0"),
  "image/webp": bytes("RIFF\x24\0\0\0WEBPVP8 "),
  "image/gif": bytes("GIF89a\x01\0\x01\0"),
  "image/avif": bytes("\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf"),
  "application/pdf": bytes("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n"),
} as const;
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const file = (parts: BlobPart[], name: string, type: string) => new File(parts, name, { type });

describe("sniffFileType", () => {
  it("knows one table: the tier image types and PDF", () => {
    expect(Object.keys(FILE_TYPES)).toEqual([...Object.keys(RASTER_IMAGE_EXTENSIONS), "application/pdf"]);
    expect(FILE_TYPES["image/jpeg"][0]).toBe(".jpg");
  });

  it.each(Object.entries(SAMPLES))("tells %s by its bytes", async (type, sample) => {
    expect(await sniffFileType(sample)).toBe(type);
  });

  it("takes an animated PNG for a PNG", async () => {
    // Signature, IHDR, then an acTL chunk before any image data.
    const apng = Uint8Array.from([
      ...PNG.subarray(0, 33),
      ...bytes("\0\0\0\x08acTL\0\0\0\x01\0\0\0\0\0\0\0\0"),
      ...PNG.subarray(33),
    ]);
    expect(await sniffFileType(apng)).toBe("image/png");
  });

  it("refuses what is none of them, and a PNG signature in front of something else", async () => {
    expect(await sniffFileType(SVG)).toBeNull();
    expect(await sniffFileType(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(await sniffFileType(bytes("PK\x03\x04\x14\0\0\0"))).toBeNull();
    expect(await sniffFileType(new Uint8Array())).toBeNull();
    const signatureOnly = Uint8Array.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Uint8Array(32).fill(1),
    ]);
    expect(await sniffFileType(signatureOnly)).toBeNull();
  });
});

describe("checkUploadedFile", () => {
  const rules = { maxSizeMb: TIER_IMAGE_MAX_SIZE_MB, accept: TIER_IMAGE_ACCEPT };
  const refused = fileTypeMessage(TIER_IMAGE_ACCEPT);

  it("accepts a tier image whose bytes are what it declares", async () => {
    for (const [type, sample] of Object.entries(SAMPLES)) {
      if (type === "application/pdf") continue;
      const name = `a${RASTER_IMAGE_EXTENSIONS[type as keyof typeof RASTER_IMAGE_EXTENSIONS][0]}`;
      expect(await checkUploadedFile(file([sample], name, type), rules)).toBeNull();
    }
  });

  it("refuses an SVG however it is labelled, and bytes of another format than declared", async () => {
    expect(await checkUploadedFile(file([SVG], "evil.svg", "image/svg+xml"), rules)).toBe(refused);
    expect(await checkUploadedFile(file([SVG], "evil.png", "image/png"), rules)).toBe(refused);
    expect(await checkUploadedFile(file([SVG], "evil.svg", "image/png"), rules)).toBe(refused);
    expect(await checkUploadedFile(file([SAMPLES["image/gif"]], "a.png", "image/png"), rules)).toBe(refused);
    expect(await checkUploadedFile(file([], "a.png", "image/png"), rules)).toBe(refused);
  });

  it("checks the size first, with the widget's message", async () => {
    const big = file([SVG, new Uint8Array(5 * 1024 * 1024)], "evil.png", "image/png");
    expect(await checkUploadedFile(big, rules)).toBe("File size must be less than 5MB");
  });

  it("leaves types outside the raster list to the accepted list (the widget's default stays image/*)", async () => {
    expect(await checkUploadedFile(file([SVG], "a.svg", "image/svg+xml"))).toBeNull();
  });
});
