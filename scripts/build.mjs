// Builds what production runs: the web app (vite), the server bundle (esbuild) and the server's PGlite
// template. `node scripts/build.mjs` builds only what is missing or older than its newest input (what
// `npm start` does first: ~0.1 s with node's own start when nothing changed); `--all` builds everything.
// Inputs are compared by modification time, which a checkout, a pull or an edit all move forward.
// VITE_ANALYTICS_URL is read when the web app is built: after changing it, run `npm run build`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const at = (...parts) => path.join(root, ...parts);
const shared = [at("packages/shared/src"), at("package-lock.json")];

const targets = [
  {
    name: "server bundle",
    output: at("apps/server/dist/server.js"),
    inputs: [at("apps/server/src"), at("apps/server/build.mjs"), at("apps/server/package.json"), ...shared],
    tool: ["esbuild", at("apps/server")],
    command: ["node", [at("apps/server/build.mjs"), "bundle"]],
  },
  {
    name: "PGlite template",
    output: at("apps/server/dist/pglite-template/PG_VERSION"),
    inputs: [at("apps/server/drizzle"), at("apps/server/build.mjs"), at("package-lock.json")],
    tool: ["@electric-sql/pglite", at("apps/server")],
    command: ["node", [at("apps/server/build.mjs"), "template"]],
  },
  {
    name: "web app",
    // The build's last file (apps/web/scripts/prerender.mjs): the signed-in pages' template.
    output: at("apps/web/dist-server/signed-in.html"),
    inputs: [
      at("apps/web/src"),
      at("apps/web/public"),
      at("apps/web/scripts"),
      at("apps/web/index.html"),
      at("apps/web/vite.config.ts"),
      at("apps/web/tsconfig.json"),
      at("apps/web/package.json"),
      ...shared,
    ],
    tool: ["vite", at("apps/web")],
    command: ["npm", ["run", "build", "-w", "@kindred/web"]],
  },
];

/** Newest modification time under these paths, tests aside (they are not part of any build). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return; // an optional input (public/) that does not exist
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return latest;
}

/** Whether Node's lookup from this package finds the tool (no import: exports maps hide package.json). */
function hasTool([name, from]) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (dir === path.dirname(dir)) return false;
  }
}

const all = process.argv.includes("--all");
for (const target of targets) {
  const built = fs.existsSync(target.output) ? fs.statSync(target.output).mtimeMs : 0;
  if (!all && built > 0 && built >= newest(target.inputs)) continue;
  if (!hasTool(target.tool)) {
    // A production install (npm ci --omit=dev) has no build tools: it runs what was built before.
    const what = `${target.name}: ${built ? "out of date" : "missing"}, and ${target.tool[0]} is not installed`;
    if (built) {
      console.warn(`${what}; starting with the build there is.`);
      continue;
    }
    console.error(`${what}. Run npm ci (with dev dependencies), then npm run build.`);
    process.exit(1);
  }
  console.log(`building the ${target.name}${built && !all ? " (sources changed)" : ""}`);
  const [cmd, args] = target.command;
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
