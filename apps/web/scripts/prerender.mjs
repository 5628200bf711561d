// Writes the pages a visitor with no session opens first as HTML (dist/prerendered/*.html), rendered
// by the server build of src/prerender.tsx (dist-server) into the client build's index.html, which gives
// them the same scripts and stylesheet. The server sends them for those paths to requests without a
// session cookie (apps/server/src/plugins/web.ts); React hydrates the markup.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const BROTLI_QUALITY = zlib.constants.BROTLI_PARAM_QUALITY;

const web = path.resolve(import.meta.dirname, "..");
const ssrEntry = path.join(web, "dist-server", "prerender.js");
const { render, PRERENDERED, PART_SCRIPTS } = await import(pathToFileURL(ssrEntry).href);
const template = fs.readFileSync(path.join(web, "dist", "index.html"), "utf8");
const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
if (!template.includes(ROOT) || !TITLE.test(template)) throw new Error("index.html lacks #root or a <title>");

const manifestDir = path.join(web, "dist", ".vite");
const manifest = JSON.parse(fs.readFileSync(path.join(manifestDir, "manifest.json"), "utf8"));
/** An entry's script (by its name in vite.config.ts) and every chunk it imports, as the browser fetches them. */
function scriptsOf(entry) {
  const key = Object.keys(manifest).find(
    (chunk) => manifest[chunk].isEntry && manifest[chunk].name === entry,
  );
  if (!key) throw new Error(`the build has no entry named ${entry}`);
  const files = closureOf(key);
  return { entry: files[0], preloads: files.slice(1) };
}

/** A chunk's file and those of every chunk it imports, as the browser fetches them. */
function closureOf(key) {
  const files = [];
  const visit = (chunk) => {
    const { file, imports = [] } = manifest[chunk];
    if (files.includes(`/${file}`)) return;
    files.push(`/${file}`);
    for (const imported of imports) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * A pre-rendered page is read before any script runs, so its scripts wait for its first paint: they
 * would otherwise share the network with the stylesheet the paint needs. index.html's entry script
 * and module preloads are replaced by a small script (a file: the CSP allows no inline script) that
 * starts the page's entry once the browser reports the first contentful paint (a frame drawn on the
 * main thread may reach the screen much later), at once in a hidden tab, which paints nothing, and
 * after FIRST_PAINT_WAIT_MS in any case. A signed-in page the server rendered also names the scripts
 * of the parts it shows (PART_SCRIPTS, written by the server's render): they are preloaded with the
 * entry's, before it starts, so that no part's loader has to ask for them in one long task.
 */
const FIRST_PAINT_WAIT_MS = 3000;
const PRELOADS_PER_TASK = 6;
const templateEntry = template.match(/<script type="module" crossorigin src="[^"]+"><\/script>/);
if (!templateEntry) throw new Error("index.html lacks its entry script");
const bare = template
  .split("\n")
  .filter((line) => !line.includes('rel="modulepreload"'))
  .join("\n");
function pageTemplate(entryName) {
  const { entry, preloads } = scriptsOf(entryName);
  const code = `// Starts the page's script after its first paint (apps/web/scripts/prerender.mjs).
// Each module preload costs the main thread about a millisecond: a few at a time, a task each.
const start = async () => {
  const parts = document.getElementById(${JSON.stringify(PART_SCRIPTS)});
  const hrefs = [...${JSON.stringify(preloads)}, ...(parts ? JSON.parse(parts.textContent) : [])];
  for (let i = 0; i < hrefs.length; i += ${PRELOADS_PER_TASK}) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve));
    for (const href of hrefs.slice(i, i + ${PRELOADS_PER_TASK})) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  }
  import(${JSON.stringify(entry)});
};
let started = false;
const once = () => {
  if (!started) start();
  started = true;
};
if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  once();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    once();
  }).observe({ type: "paint", buffered: true });
  setTimeout(once, ${FIRST_PAINT_WAIT_MS});
}
`;
  const hash = crypto.createHash("sha256").update(code).digest("base64url").slice(0, 8);
  const name = `/assets/boot-${hash}.js`;
  fs.writeFileSync(path.join(web, "dist", name), code);
  return bare
    .replace(templateEntry[0], `<script type="module" src="${name}"></script>`)
    .replace("</head>", `  ${WHOLE_BEFORE_PAINT}\n  </head>`)
    .replace(ROOT, `${ROOT}\n    ${PARSED_MARK}`);
}

/**
 * A pre-rendered page is painted whole or not at all. Chromium may paint a document its parser has
 * only partly read (it yields to paint when the main thread is busy), and the sign-in page centres its card
 * in the screen's height: a paint before the footer is read shows the heading lower, and it jumps up
 * when the rest arrives (a layout shift). The head asks the browser to hold rendering until the mark
 * after #root is parsed (`rel=expect`, render-blocking); a browser without it paints as before.
 */
const WHOLE_BEFORE_PAINT = '<link rel="expect" href="#parsed" blocking="render" />';
const PARSED_MARK = '<div id="parsed" hidden></div>';

const out = path.join(web, "dist", "prerendered");
fs.mkdirSync(out, { recursive: true });
const templates = new Map();
for (const [page, entry] of Object.entries(PRERENDERED)) {
  if (!templates.has(entry)) templates.set(entry, pageTemplate(entry));
  let markup = render(page);
  // React puts a page's <title> first in its markup; it belongs in the head, where the browser
  // shows it and where React finds it again when it hydrates.
  const title = markup.match(TITLE)?.[0];
  if (title) markup = markup.replace(title, "");
  const html = templates
    .get(entry)
    .replace(TITLE, title ?? "$&")
    .replace(ROOT, `<div id="root">${markup}</div>`);
  // The file is named by the URL it answers (the server reads the names back with decodeURIComponent).
  const file = path.join(out, `${encodeURIComponent(page)}.html`);
  fs.writeFileSync(file, html);
  // Compressed once here, at the smallest settings, as the build does for every other text asset.
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [BROTLI_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
}
// For the server's render of signed-in pages (src/server-render.tsx): the scripts each lazy part needs
// beyond the entry's, by the part's name, which is its module's file name (lib/lazy-part.tsx). A name
// two modules share is left out.
const mainScripts = scriptsOf("main");
const entryScripts = [mainScripts.entry, ...mainScripts.preloads];
const partScripts = {};
const seenNames = new Set();
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const name = path.basename(key).replace(/\.[^.]+$/, "");
  if (seenNames.has(name)) delete partScripts[name];
  else partScripts[name] = closureOf(key).filter((file) => !entryScripts.includes(file));
  seenNames.add(name);
}
fs.writeFileSync(path.join(web, "dist-server", "part-scripts.json"), JSON.stringify(partScripts));
// The template of the signed-in pages the server renders (apps/server/src/plugins/signed-in-pages.ts),
// which likewise paint before their script starts: the build's last file, which scripts/build.mjs checks.
fs.writeFileSync(path.join(web, "dist-server", "signed-in.html"), pageTemplate("main"));
fs.rmSync(manifestDir, { recursive: true, force: true });
