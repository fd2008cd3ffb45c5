import { describe, expect, it } from "vitest";

import { storedFileKey } from "~/upstream/contract/files";
import {
  checkUpload,
  DEFAULT_ACCEPT,
  DEFAULT_MAX_SIZE_MB,
  fileTooLargeMessage,
  fileTypeMessage,
  matchesAccept,
  maxBytes,
  storedUploadValue,
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
