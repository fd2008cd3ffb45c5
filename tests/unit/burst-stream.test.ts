import { setImmediate as nextTurn } from "node:timers/promises";

import { describe, expect, it } from "vitest";

import { burstStream } from "~/lib/burst-stream.server";

/** Everything the stream hands on, chunk by chunk, as text. */
function collect(stream: ReturnType<typeof burstStream>) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("burstStream", () => {
  it("hands on what is written in one turn of the event loop as one chunk", async () => {
    const stream = burstStream();
    const chunks = collect(stream);
    for (const piece of ["<html>", "<body>", "<main>"]) stream.write(piece);
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html><body><main>"]);
  });

  it("keeps writes of later turns apart, in order, and releases the last burst on end", async () => {
    const stream = burstStream();
    const chunks = collect(stream);
    stream.write("shell-1");
    stream.write("shell-2");
    await nextTurn();
    await nextTurn();
    stream.write("boundary");
    stream.end("</html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["shell-1shell-2", "boundary</html>"]);
  });

  it("runs the given final callback when the writer ends", async () => {
    let finalled = false;
    const stream = burstStream({
      final(callback) {
        finalled = true;
        callback();
      },
    });
    const chunks = collect(stream);
    stream.end("all");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(finalled).toBe(true);
    expect(chunks).toEqual(["all"]);
  });
});
