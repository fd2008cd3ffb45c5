import { describe, expect, it } from "vitest";

import { storedFileKey } from "~/upstream/contract/files";
import {
  checkUpload,
  DEFAULT_ACCEPT,
  DEFAULT_MAX_SIZE_MB,
  fileTooLargeMessage,
  fileTypeMessage,
  matchesAccept,
  matchesDeclaredType,
  maxBytes,
  RASTER_IMAGE_EXTENSIONS,
  sniffRasterImageType,
  storedUploadValue,
  TIER_IMAGE_ACCEPT,
  TIER_IMAGE_MAX_SIZE_MB,
  UPLOAD_MESSAGES,
} from "~/lib/upload-rules";

const MB = 1024 * 1024;
const png = (size: number) => ({ name: "logo.png", type: "image/png", size });

describe("size limit", () => {
  it("defaults to 10 MB and uses 5 MB for tier images (spec 9)", () => {
    expect(DEFAULT_MAX_SIZE_MB).toBe(10);
    expect(TIER_IMAGE_MAX_SIZE_MB).toBe(5);
    expect(maxBytes()).toBe(10 * MB);
    expect(maxBytes(5)).toBe(5 * MB);
  });

  it("accepts a file of exactly the limit and refuses one byte more, with the spec's message", () => {
    expect(checkUpload(png(10 * MB))).toBeNull();
    expect(checkUpload(png(10 * MB + 1))).toBe("File size must be less than 10MB");
    expect(checkUpload(png(5 * MB), { maxSizeMb: 5 })).toBeNull();
    expect(checkUpload(png(5 * MB + 1), { maxSizeMb: 5 })).toBe("File size must be less than 5MB");
    expect(fileTooLargeMessage(5)).toBe("File size must be less than 5MB");
  });

  it("checks the size before the type", () => {
    expect(checkUpload({ name: "notes.txt", type: "text/plain", size: 6 * MB }, { maxSizeMb: 5 })).toBe(
      "File size must be less than 5MB",
    );
  });
});

describe("accepted types", () => {
  it("defaults to image/*", () => {
    expect(DEFAULT_ACCEPT).toBe("image/*");
    expect(checkUpload({ name: "notes.txt", type: "text/plain", size: 10 })).toBe(
      "File type not supported. Accepted types: image/*",
    );
    expect(fileTypeMessage("image/png, .svg")).toBe("File type not supported. Accepted types: image/png, .svg");
  });

  it("matches a wildcard by the main type", () => {
    expect(matchesAccept({ name: "a.webp", type: "image/webp" }, "image/*")).toBe(true);
    expect(matchesAccept({ name: "a.jpg", type: "IMAGE/JPEG" }, "image/*")).toBe(true);
    expect(matchesAccept({ name: "a.mp4", type: "video/mp4" }, "image/*")).toBe(false);
    // "imagex/png" is not an image, though it starts with the same letters.
    expect(matchesAccept({ name: "a.png", type: "imagex/png" }, "image/*")).toBe(false);
    expect(matchesAccept({ name: "a.png", type: "" }, "image/*")).toBe(false);
  });

  it("matches an exact type", () => {
    expect(matchesAccept({ name: "a.png", type: "image/png" }, "image/png")).toBe(true);
    expect(matchesAccept({ name: "a.jpg", type: "image/jpeg" }, "image/png")).toBe(false);
  });

  it("matches an extension, case-insensitively, even without a type", () => {
    expect(matchesAccept({ name: "Logo.SVG", type: "" }, ".svg")).toBe(true);
    expect(matchesAccept({ name: "logo.svg.txt", type: "text/plain" }, ".svg")).toBe(false);
  });

  it("accepts when any entry of a list matches, and everything for an empty list", () => {
    expect(matchesAccept({ name: "doc.pdf", type: "application/pdf" }, "image/*, application/pdf")).toBe(true);
    expect(matchesAccept({ name: "doc.pdf", type: "application/pdf" }, "image/*,.png")).toBe(false);
    expect(matchesAccept({ name: "anything.bin", type: "application/octet-stream" }, " ")).toBe(true);
  });
});

/** The first bytes of each raster format, and an SVG that carries a script. */
const bytes = (text: string) => Uint8Array.from(Buffer.from(text, "latin1"));
const SAMPLES = {
  "image/png": bytes("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01"),
  "image/jpeg": bytes("\xff\xd8\xff\xe0\0\x10JFIF\0"),
  "image/webp": bytes("RIFF\x24\0\0\0WEBPVP8 "),
  "image/gif": bytes("GIF89a\x01\0\x01\0"),
  "image/avif": bytes("\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf"),
} as const;
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const tierImage = (name: string, type: string, size = 100) => ({ name, type, size });

describe("tier images: raster only", () => {
  it("accept PNG, JPEG, WebP, GIF and AVIF, and say so in the spec's message", () => {
    expect(Object.keys(RASTER_IMAGE_EXTENSIONS)).toEqual([
      "image/png",
      "image/jpeg",
      "image/webp",
      "image/gif",
      "image/avif",
    ]);
    expect(TIER_IMAGE_ACCEPT).toBe("image/png, image/jpeg, image/webp, image/gif, image/avif");
    expect(fileTypeMessage(TIER_IMAGE_ACCEPT)).toBe(
      "File type not supported. Accepted types: image/png, image/jpeg, image/webp, image/gif, image/avif",
    );
    const rules = { maxSizeMb: TIER_IMAGE_MAX_SIZE_MB, accept: TIER_IMAGE_ACCEPT };
    for (const [name, type] of [
      ["a.png", "image/png"],
      ["a.JPG", "image/jpeg"],
      ["a.jpeg", "image/jpeg"],
      ["a.webp", "image/webp"],
      ["a.gif", "image/gif"],
      ["a.avif", "image/avif"],
    ] as const) {
      expect(checkUpload(tierImage(name, type), rules, SAMPLES[type])).toBeNull();
    }
  });

  it("refuse an SVG however it is labelled, with the spec's message", () => {
    const rules = { maxSizeMb: TIER_IMAGE_MAX_SIZE_MB, accept: TIER_IMAGE_ACCEPT };
    const refused = fileTypeMessage(TIER_IMAGE_ACCEPT);
    // As itself.
    expect(checkUpload(tierImage("evil.svg", "image/svg+xml"), rules)).toBe(refused);
    expect(checkUpload(tierImage("evil.svg", "image/svg+xml"), rules, SVG)).toBe(refused);
    // Declared a PNG but named .svg: the name and the type disagree.
    expect(checkUpload(tierImage("evil.svg", "image/png"), rules)).toBe(refused);
    // Renamed to .png: the browser then declares image/png, and the bytes give it away.
    expect(checkUpload(tierImage("evil.png", "image/png"), rules, SVG)).toBe(refused);
    // Without a declared type, or with one of another family.
    expect(checkUpload(tierImage("evil.png", ""), rules)).toBe(refused);
    expect(checkUpload(tierImage("evil.png", "text/html"), rules)).toBe(refused);
  });

  it("refuse bytes of another raster format than declared, and too few bytes to tell", () => {
    const rules = { accept: TIER_IMAGE_ACCEPT };
    expect(checkUpload(tierImage("a.png", "image/png"), rules, SAMPLES["image/gif"])).not.toBeNull();
    expect(checkUpload(tierImage("a.png", "image/png"), rules, new Uint8Array())).not.toBeNull();
  });

  it("reads a declared type with parameters and in any case", () => {
    expect(matchesDeclaredType({ name: "a.png", type: "IMAGE/PNG; charset=binary" }, SAMPLES["image/png"])).toBe(true);
    expect(matchesDeclaredType({ name: "a.png", type: "image/jpeg" })).toBe(false);
    expect(matchesDeclaredType({ name: "a.jpg", type: "image/jpeg" }, SAMPLES["image/png"])).toBe(false);
  });

  it("tell the raster formats by their first bytes, and nothing else", () => {
    for (const [type, head] of Object.entries(SAMPLES)) expect(sniffRasterImageType(head)).toBe(type);
    expect(sniffRasterImageType(SVG)).toBeNull();
    expect(sniffRasterImageType(bytes("RIFF\x24\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffRasterImageType(bytes("\0\0\0\x18ftypmp42\0\0\0\0mp42isom"))).toBeNull();
    // An AVIF that names its brand among the compatible ones.
    expect(sniffRasterImageType(bytes("\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf"))).toBe("image/avif");
    expect(sniffRasterImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it("leave types outside the raster list to the accepted list (the widget's default stays image/*)", () => {
    expect(checkUpload(tierImage("a.svg", "image/svg+xml"))).toBeNull();
    expect(matchesDeclaredType({ name: "notes.txt", type: "text/plain" })).toBe(true);
  });
});

describe("the stored value (spec 3)", () => {
  it("drops the query string and the scheme and host", () => {
    const url = "https://bucket.s3.amazonaws.com/uploads/membership/abc-logo.png?X-Amz-Signature=1&X-Amz-Expires=900";
    expect(storedUploadValue(url)).toBe("uploads/membership/abc-logo.png");
  });

  it("keeps a port out and deeper paths in", () => {
    expect(storedUploadValue("http://127.0.0.1:4010/uploads/membership/a/b.png?sig=x")).toBe(
      "uploads/membership/a/b.png",
    );
    expect(storedUploadValue("http://host/file.png")).toBe("file.png");
  });

  it("agrees with the contract's storedFileKey", () => {
    for (const url of [
      "http://127.0.0.1:4010/uploads/membership/f-x.png?X-Demo-Signature=ab&X-Demo-Expires=1",
      "https://h.example/a/b/c",
    ]) {
      expect(storedUploadValue(url)).toBe(storedFileKey(url));
    }
  });
});

describe("messages (spec 8)", () => {
  it("are the catalogue's texts", () => {
    expect(UPLOAD_MESSAGES.success).toBe("Image uploaded successfully!");
    expect(UPLOAD_MESSAGES.failed("Forbidden")).toBe("Upload failed: Forbidden");
    expect(UPLOAD_MESSAGES.status(403)).toBe("Upload failed with status: 403");
    expect(UPLOAD_MESSAGES.process).toBe("Upload process failed");
  });
});
