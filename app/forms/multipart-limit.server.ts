/**
 * A bound on the text fields of a multipart body, applied while it streams (decision 032). The
 * platform's parser (undici's `formData()`) reads a whole body before it parses it: a 10 MB
 * text field would be held, parsed and echoed whole. Put in front of it, this stream cuts every
 * text part (a part without a filename) to a number of bytes, so the parser never sees more.
 * File parts pass whole: the body's size cap bounds them, and the upload rules check them.
 */

/** The most bytes of part headers accepted before their blank line; browsers send well under 1 KB. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

const HEADERS_END = Buffer.from("\r\n\r\n");
const EMPTY = Buffer.alloc(0);

/** The boundary of a `multipart/form-data` Content-Type, or null when it names none. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** What the limit needs of a part: its field name, and whether it is text (no filename). */
function partOf(headers: string): { name: string; text: boolean } {
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
  return {
    name: /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? "",
    text: !/;\s*filename\*?=/i.test(disposition),
  };
}

/**
 * A stream that passes a multipart body through with each text part cut to `maxBytes`; the
 * names of the parts it cut are added to `cut`. The preamble is cut the same way and anything
 * after the closing delimiter is dropped (parsers ignore both). Part headers longer than
 * MAX_PART_HEADER_BYTES error the stream: that is not a browser's form.
 */
export function cutTextParts(
  boundary: string,
  maxBytes: number,
  cut: Set<string>,
): TransformStream<Uint8Array, Uint8Array> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter starts the body without the CRLF before it: the scan starts with one,
  // which is not passed on.
  let pending: Buffer = Buffer.from("\r\n");
  let unsent = 2;
  let state: "body" | "headers" | "end" = "body";
  // The preamble counts as a text part without a name.
  let part = { name: "", text: true, sent: 0 };

  const send = (controller: TransformStreamDefaultController<Uint8Array>, bytes: Buffer) => {
    const skipped = Math.min(unsent, bytes.length);
    unsent -= skipped;
    if (bytes.length > skipped) controller.enqueue(bytes.subarray(skipped));
  };
  const sendBody = (controller: TransformStreamDefaultController<Uint8Array>, bytes: Buffer) => {
    if (part.text) {
      const room = Math.max(0, maxBytes - part.sent);
      if (bytes.length > room) {
        if (part.name) cut.add(part.name);
        bytes = bytes.subarray(0, room);
      }
      part.sent += bytes.length;
    }
    send(controller, bytes);
  };

  /** Moves through `pending` as far as it can; at the end of the body (`last`) nothing is kept back. */
  const scan = (controller: TransformStreamDefaultController<Uint8Array>, last: boolean) => {
    for (;;) {
      if (state === "end") {
        pending = EMPTY;
        return;
      }
      if (state === "body") {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          // A delimiter may begin in this chunk and end in the next: keep its length back.
          const upTo = last ? pending.length : Math.max(0, pending.length - (delimiter.length - 1));
          sendBody(controller, pending.subarray(0, upTo));
          pending = pending.subarray(upTo);
          return;
        }
        sendBody(controller, pending.subarray(0, at));
        send(controller, pending.subarray(at, at + delimiter.length));
        pending = pending.subarray(at + delimiter.length);
        state = "headers";
        continue;
      }
      // After a delimiter: "--" closes the body, else the part's headers up to a blank line.
      if (pending.length >= 2 && pending[0] === 0x2d && pending[1] === 0x2d) {
        send(controller, pending.subarray(0, 2));
        state = "end";
        continue;
      }
      const end = pending.indexOf(HEADERS_END);
      if (end === -1) {
        if (pending.length > MAX_PART_HEADER_BYTES) throw new Error("multipart part headers are too long");
        if (last) send(controller, pending);
        return;
      }
      const headers = pending.subarray(0, end + HEADERS_END.length);
      part = { ...partOf(headers.toString("latin1")), sent: 0 };
      send(controller, headers);
      pending = pending.subarray(headers.length);
      state = "body";
    }
  };

  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      pending = pending.length > 0 ? Buffer.concat([pending, bytes]) : bytes;
      scan(controller, false);
    },
    flush(controller) {
      scan(controller, true);
    },
  });
}
