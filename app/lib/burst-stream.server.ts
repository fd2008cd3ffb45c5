import { Transform, type TransformOptions } from "node:stream";

/**
 * A pass-through stream that hands on everything written to it during one turn of the event
 * loop as a single chunk. React writes a document in pieces of about 2 KB, and React Router's
 * Node adapter flushes the response after every chunk it reads, so a 60 KB page used to reach
 * the brotli compressor as some 30 flushes and the socket as as many writes. Joined per burst,
 * the shell is one flush; a Suspense boundary that resolves later still goes out on its own,
 * as soon as React writes it.
 */
export function burstStream(options: Pick<TransformOptions, "final"> = {}): Transform {
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | undefined;

  const stream = new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      scheduled ??= setImmediate(release);
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
    destroy(error, callback) {
      clearImmediate(scheduled);
      pending = [];
      callback(error);
    },
  });

  function release() {
    clearImmediate(scheduled);
    scheduled = undefined;
    if (pending.length === 0) return;
    const burst = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    stream.push(burst);
  }

  return stream;
}
