import { describe, expect, it } from "vitest";

import { pickEncoding } from "../../server/precompressed";

describe("pickEncoding", () => {
  it("prefers brotli when a browser lists gzip first with the same weight", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", ["br", "gzip"])).toBe("br");
  });

  it("falls back to gzip when brotli is refused or not offered", () => {
    expect(pickEncoding("gzip, deflate", ["br", "gzip"])).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5", ["br", "gzip"])).toBe("gzip");
    expect(pickEncoding("gzip, br", ["gzip"])).toBe("gzip");
  });

  it("reads a wildcard, and an explicit refusal wins over it", () => {
    expect(pickEncoding("*", ["br", "gzip"])).toBe("br");
    expect(pickEncoding("br;q=0, *", ["br", "gzip"])).toBe("gzip");
  });

  it("sends no encoding without the header, for identity only, or when all are refused", () => {
    expect(pickEncoding(undefined, ["br", "gzip"])).toBeUndefined();
    expect(pickEncoding("identity", ["br", "gzip"])).toBeUndefined();
    expect(pickEncoding("br;q=0, gzip;q=0", ["br", "gzip"])).toBeUndefined();
  });

  it("is not fooled by case or spacing", () => {
    expect(pickEncoding(" GZIP ;Q=1 ,  BR ; q=0.9", ["br", "gzip"])).toBe("br");
  });
});
