import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

// A script budget per page of the app, printed by every build, which fails when one grows past its
// budget by more than ALLOWED_GROWTH. Sizes are brotli at quality 11, what the browser is sent.

export const ALLOWED_GROWTH = 0.1;

export interface ChunkNode {
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk stands for (a lazy route's file), when it has one. */
  facadeModuleId: string | null;
  /** Chunks it loads with it (static imports). */
  imports: string[];
}

export interface RouteSize {
  /** The entry's or the lazy module's path under src/ ("main.tsx", "app/routes/home.tsx"). */
  name: string;
  bytes: number;
}

/** Every chunk loaded with `start`, itself included. */
function closure(start: ChunkNode, byFile: Map<string, ChunkNode>): Set<string> {
  const seen = new Set<string>();
  const visit = (node: ChunkNode | undefined) => {
    if (!node || seen.has(node.fileName)) return;
    seen.add(node.fileName);
    for (const next of node.imports) visit(byFile.get(next));
  };
  visit(start);
  return seen;
}

/**
 * What each entry loads in all, and what each lazily loaded module (a route, a dialog) adds to the
 * main entry's: the script a page costs is its entry's plus its lazy parts'.
 */
export function routeSizes(
  chunks: ChunkNode[],
  srcDir: string,
  sizeOf: (c: ChunkNode) => number,
): RouteSize[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith("index.html"));
  const shared = main ? closure(main, byFile) : new Set<string>();
  const named = (c: ChunkNode) =>
    c.facadeModuleId?.endsWith("index.html")
      ? "main.tsx"
      : path.relative(srcDir, c.facadeModuleId ?? c.fileName);
  const sum = (files: Iterable<string>) => {
    let bytes = 0;
    for (const f of files) {
      const c = byFile.get(f);
      if (c) bytes += sizeOf(c);
    }
    return bytes;
  };
  return chunks
    .filter((c) => (c.isEntry || c.isDynamicEntry) && c.facadeModuleId)
    .map((c) => {
      const files = closure(c, byFile);
      if (!c.isEntry) for (const f of shared) files.delete(f);
      return { name: named(c), bytes: sum(files) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface BudgetCheck {
  lines: string[];
  /** Sentences saying what grew past its budget, or has none. */
  failures: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function checkBudgets(sizes: RouteSize[], budgets: Record<string, number>): BudgetCheck {
  const lines: string[] = [];
  const failures: string[] = [];
  for (const { name, bytes } of sizes) {
    const budget = budgets[name];
    let verdict = "";
    if (budget === undefined) {
      verdict = "no budget";
      failures.push(`${name} (${kb(bytes)}) has no budget.`);
    } else if (bytes > budget * (1 + ALLOWED_GROWTH)) {
      verdict = `over by ${Math.round((bytes / budget - 1) * 100)}%`;
      failures.push(`${name} is ${kb(bytes)}, over its budget of ${kb(budget)} by more than 10%.`);
    }
    const shown = budget === undefined ? "" : kb(budget);
    lines.push(`  ${name.padEnd(52)} ${kb(bytes).padStart(9)}  ${shown.padStart(9)}  ${verdict}`);
  }
  return { lines, failures };
}

const brotli11 = (code: string) =>
  zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The build's check. `budgetsFile` holds bytes per name; UPDATE_ROUTE_BUDGETS=1 writes what this build
 * measured into it instead of checking (after a deliberate change; review the diff).
 */
export function routeBudgets(budgetsFile: string, srcDir: string): Plugin {
  let ssr = false;
  return {
    name: "kindred-route-budgets",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks: ChunkNode[] = [];
      for (const item of Object.values(bundle))
        if (item.type === "chunk" && item.fileName.startsWith("assets/")) chunks.push(item);
      const sizes = routeSizes(chunks, srcDir, (c) => brotli11(c.code));
      if (process.env.UPDATE_ROUTE_BUDGETS === "1") {
        const budgets = Object.fromEntries(sizes.map((s) => [s.name, s.bytes]));
        fs.writeFileSync(budgetsFile, `${JSON.stringify(budgets, null, 2)}\n`);
        this.info(`route budgets written to ${path.basename(budgetsFile)}`);
        return;
      }
      const budgets = JSON.parse(fs.readFileSync(budgetsFile, "utf8")) as Record<string, number>;
      const { lines, failures } = checkBudgets(sizes, budgets);
      console.log(
        `\nScript per page (brotli 11; a lazy part counts what it adds to main.tsx)\n${lines.join("\n")}`,
      );
      if (failures.length > 0)
        this.error(
          `${failures.join(" ")} Make it smaller, or if the growth is wanted, run UPDATE_ROUTE_BUDGETS=1 npm run build and commit route-budgets.json.`,
        );
    },
  };
}
