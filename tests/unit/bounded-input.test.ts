import { describe, expect, it } from "vitest";
import * as z from "zod/mini";

import { FIELD_TOO_LONG, MAX_FIELD_CHARS, parseForm, submittedForm } from "~/forms/form-data.server";
import { cutTextParts, multipartBoundary } from "~/forms/multipart-limit.server";
import { memoryEngine } from "~/state/engine";

/** A multipart body as a browser sends it, in chunks of `chunkSize` bytes (delimiters cross chunks). */
async function multipart(form: FormData, chunkSize: number) {
  const response = new Response(form);
  const boundary = multipartBoundary(response.headers.get("content-type")!)!;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunkSize) controller.enqueue(bytes.slice(at, at + chunkSize));
      controller.close();
    },
  });
  return { boundary, body, contentType: response.headers.get("content-type")! };
}

async function cutAndParse(form: FormData, maxBytes: number, chunkSize: number) {
  const { boundary, body, contentType } = await multipart(form, chunkSize);
  const cut = new Set<string>();
  const limited = body.pipeThrough(cutTextParts(boundary, maxBytes, cut));
  const parsed = await new Response(limited, { headers: { "content-type": contentType } }).formData();
  return { parsed, cut };
}

describe("cutTextParts", () => {
  it.each([1, 7, 64, 100_000])(
    "cuts long text parts and passes files whole (chunks of %i bytes)",
    async (chunkSize) => {
      const form = new FormData();
      form.append("name", "Gold");
      form.append("description", "d".repeat(5_000));
      form.append("features", "short");
      form.append("features", "f".repeat(3_000));
      form.append("imageFile", new File(["x".repeat(4_000)], "photo.png", { type: "image/png" }));

      const { parsed, cut } = await cutAndParse(form, 1_000, chunkSize);

      expect(parsed.get("name")).toBe("Gold");
      expect(parsed.get("description")).toBe("d".repeat(1_000));
      expect(parsed.getAll("features")).toEqual(["short", "f".repeat(1_000)]);
      const file = parsed.get("imageFile") as File;
      expect([file.name, file.size]).toEqual(["photo.png", 4_000]);
      expect([...cut].sort()).toEqual(["description", "features"]);
    },
  );

  it("leaves a form within the limit as it was", async () => {
    const form = new FormData();
    form.append("title", "t".repeat(1_000));
    const { parsed, cut } = await cutAndParse(form, 1_000, 13);
    expect(parsed.get("title")).toBe("t".repeat(1_000));
    expect(cut.size).toBe(0);
  });

  it("reads the boundary of a Content-Type, quoted or not", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });
});

describe("a bounded memory engine (the one-time keys of npm start)", () => {
  it("keeps at most its cap of keys, forgetting the least recently written", async () => {
    const store = memoryEngine(Date.now, new Map(), 3);
    for (const key of ["a", "b", "c", "d"]) await store.claim(key, "pending", 60);
    expect(await store.get("a")).toBeUndefined();
    expect(await store.get("d")).toBe("pending");
    await store.set("b", "done", 60);
    await store.claim("e", "pending", 60);
    expect(await store.get("c")).toBeUndefined();
    expect(await store.get("b")).toBe("done");
  });

  it("forgets a key once it expires", async () => {
    let now = 0;
    const store = memoryEngine(() => now);
    await store.claim("a", "pending", 1);
    now = 1_000;
    expect(await store.get("a")).toBeUndefined();
    expect(await store.claim("a", "pending", 1)).toBeUndefined();
  });
});

describe("what a failed form echoes", () => {
  const post = (body: string) =>
    submittedForm(
      new Request("http://panel.test/forgot-password", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );

  it("cuts a value to twice its field's maxLength, and a field without one to 64 KB", async () => {
    const schema = z.object({
      email: z.string().check(z.maxLength(254, "Invalid email address")),
      note: z.string().check(z.maxLength(1, "Never")),
      free: z.optional(z.string()),
    });
    const form = await post(`email=${"e".repeat(10_000)}&note=n&free=${"f".repeat(100_000)}`);

    const result = parseForm(form, schema);

    expect(result.ok).toBe(false);
    expect((result.values.email as string).length).toBe(508);
    expect(result.values.note).toBe("n");
    expect((result.values.free as string).length).toBe(MAX_FIELD_CHARS);
    expect(result.ok ? {} : result.errors).toEqual({
      email: { type: "too_big", message: "Invalid email address" },
      free: { type: "too_big", message: FIELD_TOO_LONG },
    });
  });

  it("keeps a value a little over its limit whole, so it can be trimmed", async () => {
    const schema = z.object({ title: z.string().check(z.maxLength(255, "Title must be less than 255 characters")) });
    const result = parseForm(await post(`title=${"t".repeat(256)}`), schema);
    expect(result.values.title).toBe("t".repeat(256));
  });
});
