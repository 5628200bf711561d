/** The bytes asked for, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range of a `Range` header that is served (RFC 9110 §14): null for the whole file (no header,
 * a form we do not serve such as several ranges, or nonsense, all of which a server may ignore), or
 * "unsatisfiable" when it starts past the end.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
