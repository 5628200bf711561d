// The package mirror these machines use carries only Biome's Linux binaries, so `npm install` writes
// a lock without the other platforms' optional packages, and `npm ci` then refuses that lock. This
// adds each missing platform package as an optional entry with its os/cpu/libc, which npm ci skips
// on any other platform without fetching. Run it after changing dependencies: node scripts/complete-lock.mjs
import fs from "node:fs";

const PLATFORMS = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "android-x64": { os: ["android"], cpu: ["x64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "linux-arm64": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
  "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "linux-x64": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
  "linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  "win32-arm64": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64": { os: ["win32"], cpu: ["x64"] },
};

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const biome = lock.packages["node_modules/@biomejs/biome"];
let added = 0;
for (const [name, version] of Object.entries(biome?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const platform = PLATFORMS[name.replace("@biomejs/cli-", "")];
  if (lock.packages[key] || !platform) continue;
  lock.packages[key] = { version, dev: true, optional: true, license: "MIT OR Apache-2.0", ...platform };
  added += 1;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
fs.writeFileSync("package-lock.json", `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`complete-lock: added ${added} platform entr${added === 1 ? "y" : "ies"}`);
