// Builds what production runs with `node` (node build.mjs [bundle] [template]; both by default):
// - dist/server.js: src/server.ts as an ESM bundle (and dist/voice-worker.js, a worker thread's own) with source maps, split where the source imports
//   lazily (the app loads while the database opens). The shared package is TypeScript source, so it
//   goes into the bundle; every other package stays in node_modules, loaded by Node at run time
//   (native ones such as sharp and argon2, PGlite's WebAssembly, pg, ioredis).
// - dist/pglite-template/: an empty PGlite database with every migration applied. A new DATA_DIR
//   starts as a copy of its files, then opens like an existing database, instead of running initdb
//   inside the server (~5 s, and ~800 MiB of WebAssembly memory that the process never gives back).
// Paths here are the source layout, relative to this file: this is a build tool, not the server.
import fs from "node:fs";
import path from "node:path";

const here = import.meta.dirname;
export const outputs = {
  bundle: path.join(here, "dist/server.js"),
  template: path.join(here, "dist/pglite-template"),
};

export async function bundle() {
  const esbuild = await import("esbuild");
  // Chunk names carry a hash: last build's would otherwise pile up beside this one's.
  fs.rmSync(path.join(path.dirname(outputs.bundle), "chunks"), { recursive: true, force: true });
  await esbuild.build({
    // The voice worker is its own entry: a worker thread starts from a file (lib/worker-job.ts).
    entryPoints: {
      server: path.join(here, "src/server.ts"),
      "voice-worker": path.join(here, "src/features/voice/clean-worker.ts"),
    },
    outdir: path.dirname(outputs.bundle),
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    // Every bare import stays external, except the workspace package, which the alias turns into a path.
    packages: "external",
    alias: { "@kindred/shared": path.join(here, "../../packages/shared/src") },
    logLevel: "warning",
  });
}

export async function template() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // Made whole or not at all: a half-made template must never seed a database.
  const partial = `${outputs.template}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  // initdb and the migrations in memory (on disk they wait on a sync per file), then written out once.
  const memory = await PGlite.create();
  let dump;
  try {
    await migrate(drizzle(memory), { migrationsFolder: path.join(here, "drizzle") });
    dump = await memory.dumpDataDir("none");
  } finally {
    await memory.close();
  }
  await (await PGlite.create({ dataDir: partial, loadDataDir: dump })).close();
  fs.rmSync(outputs.template, { recursive: true, force: true });
  fs.renameSync(partial, outputs.template);
}

if (process.argv[1] === import.meta.filename) {
  const wanted = process.argv.slice(2);
  const steps = { bundle, template };
  for (const [name, step] of Object.entries(steps)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    const started = performance.now();
    await step();
    const ms = Math.round(performance.now() - started);
    console.log(`server ${name}: ${path.relative(process.cwd(), outputs[name])} (${ms} ms)`);
  }
}
