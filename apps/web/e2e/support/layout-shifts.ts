import { expect, type Page } from "@playwright/test";

/**
 * Sums the page's layout shifts (the CLS of the page so far), as Lighthouse counts them, and names what
 * moved in each, so a failure says which element shifted and from where to where.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const w = window as unknown as { __shifts: { total: number; moved: string[] } };
    w.__shifts = { total: 0, moved: [] };
    const name = (node?: Node) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()} class="${node.className}">${(node.textContent ?? "").slice(0, 40)}`
        : (node?.nodeName ?? "?");
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__shifts.total += entry.value;
        for (const s of entry.sources)
          w.__shifts.moved.push(
            `${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)}: ${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
          );
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return async () => {
    const { total, moved } = await page.evaluate(
      () => (window as unknown as { __shifts: { total: number; moved: string[] } }).__shifts,
    );
    expect(total, `layout shifts:\n${moved.join("\n")}`).toBe(0);
  };
}
