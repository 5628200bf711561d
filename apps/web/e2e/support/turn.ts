import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { TURN_SECRET } from "./servers";

/**
 * Debian's coturn on loopback, with coturn's REST secret (the short-lived credentials the app hands
 * out): loopback peers are allowed, for tests only, and it relays through ports min..max.
 */
export function turnserverArgs(port: number, minPort: number, maxPort: number): string[] {
  return [
    "-n",
    "--no-cli",
    "--use-auth-secret",
    `--static-auth-secret=${TURN_SECRET}`,
    "--realm=kindred.test",
    "--listening-ip=127.0.0.1",
    "--relay-ip=127.0.0.1",
    `--listening-port=${port}`,
    `--min-port=${minPort}`,
    `--max-port=${maxPort}`,
    "--no-tls",
    "--no-dtls",
    "--allow-loopback-peers",
    "--no-stdout-log",
    "--log-file=/dev/null",
  ];
}

/** The TURN URLs an app hands out for a coturn on `port`: UDP first, TCP as the fallback. */
export function turnUrls(port: number): string {
  return `turn:127.0.0.1:${port}?transport=udp,turn:127.0.0.1:${port}?transport=tcp`;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, "127.0.0.1");
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });

/**
 * A coturn a spec owns, so that it can take the media path away: `stop()` kills it (every relay
 * allocation goes with it), `start()` runs a fresh one on the same port.
 */
export function ownTurnServer(port: number, minPort: number, maxPort: number) {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  return {
    urls: turnUrls(port),
    async start() {
      const started = spawn("turnserver", turnserverArgs(port, minPort, maxPort), { stdio: "ignore" });
      child = started;
      exited = new Promise((resolve) => started.on("exit", () => resolve()));
      const deadline = Date.now() + 20_000;
      while (!(await listening(port))) {
        if (started.exitCode !== null) throw new Error(`turnserver on ${port} exited (${started.exitCode})`);
        if (Date.now() > deadline) throw new Error(`turnserver not listening on ${port} within 20 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      child = null;
    },
  };
}
