import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { routeBudgets } from "./build/route-budgets.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text asset of the build, which the
 * server sends as they are (@fastify/static preCompressed): the slowest, smallest settings cost once
 * here instead of on every request. Files under 1 KB stay as they are, as the server's own threshold.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "kindred-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.ssr ? "" : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const files = fs.readdirSync(outDir, { recursive: true, encoding: "utf8" });
      // Not index.html: the server answers page loads with it from memory, with its own validators
      // (apps/server/src/plugins/web.ts); a copy beside it would answer its revalidations with another ETag.
      const text = files.filter((f) => /\.(js|css|svg|txt|json|webmanifest)$/.test(f));
      await Promise.all(
        text.map(async (name) => {
          const file = path.join(outDir, name);
          const body = fs.readFileSync(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The service worker's entry (src/sw/sw.ts), built to a fixed name: /sw.js, whose scope is the whole site. */
const SW_ENTRY = "sw";
const SW_FILE = "sw.js";

/**
 * Gives the service worker a version: a hash of every other file of the build and of public/, put
 * where sw.ts names __KINDRED_SW_VERSION__. A build that changes anything changes sw.js, which the
 * browser then installs (and its cache of the old build's assets is deleted); an unchanged build does not.
 */
function serviceWorkerVersion(): Plugin {
  let publicDir = "";
  return {
    name: "kindred-sw-version",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const sw = bundle[SW_FILE];
      if (sw?.type !== "chunk") return;
      const hash = crypto.createHash("sha256");
      for (const name of Object.keys(bundle).sort()) if (name !== SW_FILE) hash.update(`${name}\n`);
      const publicFiles = publicDir ? fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" }) : [];
      for (const name of publicFiles.sort()) {
        const file = path.join(publicDir, name);
        if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
      }
      const version = JSON.stringify(hash.digest("base64url").slice(0, 12));
      if (!sw.code.includes("__KINDRED_SW_VERSION__")) throw new Error("sw.js lacks __KINDRED_SW_VERSION__");
      sw.code = sw.code.replaceAll("__KINDRED_SW_VERSION__", version);
      if (/^\s*(import|export)\b/m.test(sw.code))
        throw new Error("sw.js must not import or export: it runs as a classic script");
    },
  };
}

const backend = process.env.KINDRED_DEV_BACKEND ?? "http://localhost:5000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    serviceWorkerVersion(),
    routeBudgets(
      fileURLToPath(new URL("./route-budgets.json", import.meta.url)),
      fileURLToPath(new URL("./src", import.meta.url)),
    ),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // zod with its compiler off (see the module), wherever it is imported, the shared package too.
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/config/zod.ts", import.meta.url)) },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // Four entries: the whole app (index.html → main.tsx), the visitor's landing page (visitor.tsx)
    // and sign-in page (visitor-auth.tsx), and the service worker, at a fixed name. The manifest tells scripts/prerender.mjs which files
    // each page entry loads.
    manifest: true,
    rollupOptions: {
      // The server build (--ssr, to dist-server/): the visitors' pages rendered at build time, and the
      // signed-in pages' render, which the server runs on each page load.
      input: (isSsrBuild
        ? { prerender: "src/prerender.tsx", "server-render": "src/server-render.tsx" }
        : {
            main: "index.html",
            visitor: "src/visitor.tsx",
            "visitor-auth": "src/visitor-auth.tsx",
            [SW_ENTRY]: "src/sw/sw.ts",
          }) as Record<string, string>,
      output: isSsrBuild
        ? {}
        : {
            entryFileNames: (chunk) => (chunk.name === SW_ENTRY ? SW_FILE : "assets/[name]-[hash].js"),
          },
    },
  },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/ws": { target: backend, ws: true },
      "/rtc": { target: backend, ws: true },
      "/basic-ws": { target: backend, ws: true },
    },
  },
}));
