// Bit-set helpers shared by the engine's parts: option lists become bit masks, compared by popcount.

/** Each option's bit: the first option is bit 0. */
export function bitIndex(options: readonly string[]): ReadonlyMap<string, number> {
  const m = new Map<string, number>();
  options.forEach((o, i) => {
    m.set(o, 1 << i);
  });
  return m;
}

/** Number of set bits in a 32-bit word. */
export function popcount(v: number): number {
  let x = v >>> 0;
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The bit mask of a list's known options (unknown entries are ignored; null is 0). */
export function listMask(list: readonly string[] | null, bits: ReadonlyMap<string, number>): number {
  if (!list) return 0;
  let mask = 0;
  for (let i = 0; i < list.length; i++) mask |= bits.get(list[i] as string) ?? 0;
  return mask;
}
