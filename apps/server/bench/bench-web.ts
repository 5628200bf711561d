// npm run bench:web [-- --runs 3] [--reports DIR] [--pages /auth,/home]  (DIR: each run's Lighthouse
// report, as JSON; --pages: only the pages named, /conversation for the member's conversation)
// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on the landing page (/), the
// sign-in page (/auth), and the signed-in pages of a seeded member with matches, a conversation and a
// scheduled call (their session cookie sent with every request), of the compiled app as production
// starts it (its own port, a temporary DATA_DIR seeded first), in Debian's Chromium. Each page is measured --runs times, interleaved, and the medians are
// printed: the category scores, LCP, CLS and TBT, and the JavaScript each page loads, both as brotli at
// quality 11 of the built files (what the goal counts) and as the bytes that went over the wire.
// The build comes first (npm run bench:web runs scripts/build.mjs, which builds what is stale).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startApp, tempDir } from "./bench-http-servers.ts";
import { seedMember, setBrowserCookies, signIn } from "./bench-web-member.ts";
import { thisNode } from "./node-versions.ts";

const VISITOR_PAGES = ["/", "/auth"];
const MEMBER_PAGES = (chatMatchId: number) => [
  "/home",
  "/matches",
  "/chats",
  `/conversation/${chatMatchId}`,
  "/profile",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const WEB_DIST = path.resolve("apps/web/dist");

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const reportsIndex = process.argv.indexOf("--reports");
const reportsDir = reportsIndex >= 0 ? process.argv[reportsIndex + 1] : undefined;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Brotli (quality 11) size of the built JavaScript files the page loaded. */
  jsBrotli: number;
  /** Bytes of JavaScript that went over the wire (headers included), as the server encoded them. */
  jsTransferred: number;
  scripts: string[];
  /** The element Lighthouse took for the largest contentful paint. */
  lcpElement: string;
  /** Audits of the non-performance categories that did not pass, with what Lighthouse said. */
  failing: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const brotli11 = (file: string) =>
  zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

function builtFile(url: string): string | null {
  const file = path.join(WEB_DIST, new URL(url).pathname);
  return file.startsWith(WEB_DIST) && fs.existsSync(file) ? file : null;
}

function failingAudits(lhr: import("lighthouse").Result): string[] {
  const out: string[] = [];
  for (const id of ["accessibility", "best-practices", "seo"] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
      const detail = items
        .slice(0, 3)
        .map((item) => JSON.stringify(item).slice(0, 200))
        .join("; ");
      out.push(`${id}: ${audit.id} (${audit.title})${detail ? ` — ${detail}` : ""}`);
    }
  }
  return out;
}

function lcpElementOf(lhr: import("lighthouse").Result): string {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120) ?? "?";
}

async function measure(port: number, url: string, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (reportsDir) {
    fs.mkdirSync(reportsDir, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${Date.now()}.json`;
    fs.writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
  }
  // Now and then the trace of a load misses its start; Lighthouse's own advice is to run it again.
  if (lhr.runtimeError?.code === "NO_NAVSTART" && attempt < 3) return measure(port, url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const items =
    (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script");
  let jsBrotli = 0;
  for (const script of scripts) {
    const file = builtFile(script.url);
    if (!file) throw new Error(`a script that is not in the build: ${script.url}`);
    jsBrotli += brotli11(file);
  }
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Run["scores"],
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    jsBrotli,
    jsTransferred: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    scripts: scripts.map((s) => new URL(s.url).pathname),
    lcpElement: lcpElementOf(lhr),
    failing: failingAudits(lhr),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function report(page: string, runs: Run[]) {
  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const all = (pick: (run: Run) => number | string) => runs.map(pick).join(", ");
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\n${page}  (median of ${runs.length}; each run in brackets)`);
  for (const id of CATEGORIES)
    console.log(`  ${id.padEnd(16)} ${m((r) => r.scores[id])}  [${all((r) => r.scores[id])}]`);
  console.log(
    `  LCP              ${(m((r) => r.lcpMs) / 1000).toFixed(2)} s  [${all((r) => (r.lcpMs / 1000).toFixed(2))}]`,
  );
  console.log(`  CLS              ${m((r) => r.cls).toFixed(3)}  [${all((r) => r.cls.toFixed(3))}]`);
  console.log(`  TBT              ${Math.round(m((r) => r.tbtMs))} ms  [${all((r) => Math.round(r.tbtMs))}]`);
  console.log(`  JS brotli 11     ${kb(m((r) => r.jsBrotli))}  (${runs[0]?.scripts.length} files)`);
  console.log(`  JS transferred   ${kb(m((r) => r.jsTransferred))}  [${all((r) => kb(r.jsTransferred))}]`);
  console.log(`  scripts          ${runs[0]?.scripts.join(" ")}`);
  for (const element of new Set(runs.map((r) => r.lcpElement))) console.log(`  LCP element      ${element}`);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  for (const line of failing) console.log(`  not passing: ${line}`);
}

const runs = flag("--runs", 3);
// The machine is shared: the load around the run says how far its CPU figures (TBT, and with it the
// performance score) can be trusted. LCP under the simulated network moves far less.
const loadBefore = os.loadavg()[0] ?? 0;
const dir = tempDir();
const dataDir = path.join(dir, "data");
const member = await seedMember(dataDir);
const server = await startApp(dir, thisNode(), { dataDir });
const cookies = await signIn(server.url, member);
const pagesIndex = process.argv.indexOf("--pages");
const only = pagesIndex >= 0 ? (process.argv[pagesIndex + 1] ?? "").split(",") : null;
const chosen = (pages: string[]) =>
  only ? pages.filter((page) => only.some((o) => page === o || page.startsWith(`${o}/`))) : pages;
const visitorPages = chosen(VISITOR_PAGES);
const memberPages = chosen(MEMBER_PAGES(member.chatMatchId));
const PAGES = [...visitorPages, ...memberPages];
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const results = new Map<string, Run[]>(PAGES.map((page) => [page, []]));
  // The visitor's pages first, in a browser without cookies; then the member's, signed in.
  for (const group of [visitorPages, memberPages]) {
    if (group === memberPages) await setBrowserCookies(chrome.port, server.url, cookies);
    for (let i = 0; i < runs; i++) {
      for (const page of group) {
        const run = await measure(chrome.port, server.url + page);
        results.get(page)?.push(run);
        console.log(
          `run ${i + 1} ${page}: performance ${run.scores.performance}, LCP ${Math.round(run.lcpMs)} ms`,
        );
      }
    }
  }
  const load = `load average ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores`;
  console.log(`\nLighthouse mobile preset, ${new Date().toISOString()}, ${server.url}, ${load}`);
  for (const [page, pageRuns] of results) report(page, pageRuns);
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
