// A child process of `npm run bench:sockets` (started by bench-sockets-rpc.ts): `app` hosts the real
// app, `bare` the bare `ws` baseline. Only the mode's module is loaded, so a bare child carries no
// Fastify or PGlite in the memory it reports.
import { serveCommands } from "./bench-sockets-rpc.ts";

const mode = process.argv[2];
const commands =
  mode === "app"
    ? (await import("./bench-sockets-app-host.ts")).appCommands()
    : (await import("./bench-sockets-bare.ts")).bareCommands();
serveCommands(commands, () => process.exit(0));
