// Which Node.js the benches run the server under, and with which options. The figures are printed for
// every supported Node (README, "Quick start"): this machine's `node` and Node 24 LTS, which the npm
// registry's `node` package installs (`npx -y node@24`, cached by npx after the first time).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface NodeBinary {
  /** "Node v24.21.0". */
  label: string;
  major: string;
  path: string;
}

/** The compiled server, from the repository's root. */
export const SERVER_ENTRY = "apps/server/dist/server.js";

/** The Node running this script. */
export function thisNode(): NodeBinary {
  return {
    label: `Node ${process.version}`,
    major: process.versions.node.split(".")[0] as string,
    path: process.execPath,
  };
}

/** `--node 20,24`: the Node majors to run the servers under; this machine's and 24 by default. */
export function wantedMajors(argv = process.argv): string[] {
  const i = argv.indexOf("--node");
  const current = process.versions.node.split(".")[0] as string;
  const list = i >= 0 ? (argv[i + 1] ?? "") : `${current},24`;
  return [...new Set(list.split(",").map((v) => v.trim().replace(/^v/, "")))].filter(Boolean);
}

/**
 * The binary of each wanted major: this process's own when it is that major, else the one npx
 * installs. A major npx cannot provide is skipped with a note rather than failing the run.
 */
export function nodeBinaries(majors: string[]): { nodes: NodeBinary[]; notes: string[] } {
  const nodes: NodeBinary[] = [];
  const notes: string[] = [];
  for (const major of majors) {
    if (thisNode().major === major) {
      nodes.push(thisNode());
      continue;
    }
    const found = spawnSync(
      "npx",
      ["-y", `node@${major}`, "-p", "process.execPath + ' ' + process.version"],
      {
        encoding: "utf8",
        timeout: 5 * 60_000,
      },
    );
    const [binary, version] = found.stdout?.trim().split(/\s+/).slice(-2) ?? [];
    if (found.status !== 0 || !binary || !version || !fs.existsSync(binary)) {
      notes.push(
        `Node ${major} skipped: \`npx -y node@${major}\` did not give a binary (${found.stderr?.trim()}).`,
      );
      continue;
    }
    nodes.push({ label: `Node ${version}`, major, path: binary });
  }
  return { nodes, notes };
}

const quoted = /^(['"])(.*)\1$/;
/** `node <options> …dist/server.js`, or `"${NODE:-node}" <options> …` as a shell script writes it. */
const NODE_COMMAND =
  /(?:\bnode|\$\{NODE:-node\}"?)((?:\s+--?[\w-]+(?:=\S+)?)*)\s+(?:\S*\/)?dist\/server\.js\b/;

/** The node options in one command line (a NODE_OPTIONS=… prefix counts as well), or null. */
function optionsIn(line: string): string[] | null {
  const command = line.match(NODE_COMMAND);
  if (!command) return null;
  const fromEnv = (line.match(/\bNODE_OPTIONS=('[^']*'|"[^"]*"|\S+)/)?.[1] ?? "").replace(quoted, "$2");
  return [...fromEnv.split(/\s+/), ...(command[1] ?? "").trim().split(/\s+/)].filter(Boolean);
}

/**
 * The options `npm start` gives node for the compiled server, read from where `npm start` takes them
 * (its start script, or the shell script that script runs), so that the benches cannot drift from
 * production.
 */
export function serverNodeArgs(root = process.cwd()): string[] {
  for (const dir of [root, path.join(root, "apps/server")]) {
    const start: unknown = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).scripts?.start;
    if (typeof start !== "string") continue;
    const inline = optionsIn(start);
    if (inline) return inline;
    for (const script of start.match(/[\w./-]+\.sh\b/g) ?? []) {
      const file = path.resolve(dir, script);
      if (!fs.existsSync(file)) continue;
      for (const line of fs.readFileSync(file, "utf8").split("\n")) {
        const options = line.trimStart().startsWith("#") ? null : optionsIn(line);
        if (options) return options;
      }
    }
  }
  throw new Error(
    "no `node … dist/server.js` in `npm start` (package.json's start script or the script it runs): " +
      "update serverNodeArgs (apps/server/bench/node-versions.ts) to where the server's node options now live",
  );
}
