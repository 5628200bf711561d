import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range.ts";

describe("parseByteRange", () => {
  it("serves the whole file without a header, or with one it does not serve", () => {
    for (const header of [
      undefined,
      "",
      "bytes=",
      "bytes=-",
      "items=0-1",
      "bytes=0-1,4-5",
      "bytes=5-2",
      "bytes=a-b",
    ])
      expect(parseByteRange(header, 10)).toBeNull();
  });

  it("reads a closed range, an open one and a suffix, clamped to the file", () => {
    expect(parseByteRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseByteRange("bytes=2-5", 10)).toEqual({ start: 2, end: 5 });
    expect(parseByteRange("bytes=2-", 10)).toEqual({ start: 2, end: 9 });
    expect(parseByteRange("bytes=8-100", 10)).toEqual({ start: 8, end: 9 });
    expect(parseByteRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(parseByteRange("bytes=-30", 10)).toEqual({ start: 0, end: 9 });
  });

  it("says unsatisfiable for a range past the end", () => {
    expect(parseByteRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=12-20", 10)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 10)).toBe("unsatisfiable");
  });
});
