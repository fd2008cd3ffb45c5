import { encode } from "uqr";

/** A QR code as one SVG path: `size` modules square (its quiet zone included), dark modules in `path`. */
export interface QrPicture {
  size: number;
  path: string;
}

/** The quiet zone around a QR code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code (medium error correction, encoded by `uqr`) drawn as one SVG path, rendered
 * by the server into the page: the encoder never reaches the browser (docs/product.md#second-factor).
 */
export function qrPicture(text: string): QrPicture {
  const code = encode(text, { ecc: "M", border: QUIET_ZONE });
  const squares: string[] = [];
  code.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return { size: code.size, path: squares.join("") };
}
