import { Ecc, QrCode } from "~/lib/vendor/qrcodegen.server";

/** A QR code as one SVG path: `size` modules square (its quiet zone included), dark modules in `path`. */
export interface QrPicture {
  size: number;
  path: string;
}

/** The quiet zone around a QR code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code (byte mode, medium error correction) drawn as one SVG path, rendered by the
 * server into the page: the encoder never reaches the browser (docs/product.md#second-factor).
 */
export function qrPicture(text: string): QrPicture {
  const code = QrCode.encodeBinary(Array.from(Buffer.from(text, "utf8")), Ecc.MEDIUM);
  const squares: string[] = [];
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++)
      if (code.getModule(x, y)) squares.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
  return { size: code.size + 2 * QUIET_ZONE, path: squares.join("") };
}
