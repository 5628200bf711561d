import net from "node:net";

/**
 * A load balancer's failover at its smallest: one port in front of several app instances. Each new TCP
 * connection goes to the first instance that accepts it, so everything reaches the first while it
 * lives and the next once it is gone; a connection whose instance dies is closed, as a balancer's
 * would be, and the browser's reconnect comes back through here to a survivor.
 */
export async function failoverFront(backendPorts: number[], port = 0) {
  const sockets = new Set<net.Socket>();
  /** How many connections each instance was given, by port: where the pages went. */
  const accepted = new Map<number, number>(backendPorts.map((p) => [p, 0]));

  const connectFirst = (ports: number[]): Promise<{ upstream: net.Socket; port: number } | null> => {
    const [first, ...rest] = ports;
    if (first === undefined) return Promise.resolve(null);
    return new Promise((resolve) => {
      const upstream = net.connect(first, "127.0.0.1");
      upstream.once("connect", () => resolve({ upstream, port: first }));
      upstream.once("error", () => {
        upstream.destroy();
        resolve(connectFirst(rest));
      });
    });
  };

  const server = net.createServer((client) => {
    client.on("error", () => {});
    // Held until an instance accepts: what the client sends meanwhile waits in the socket.
    client.pause();
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    void connectFirst(backendPorts).then((found) => {
      if (!found || client.destroyed) {
        found?.upstream.destroy();
        client.destroy();
        return;
      }
      const { upstream } = found;
      accepted.set(found.port, (accepted.get(found.port) ?? 0) + 1);
      upstream.on("error", () => {});
      sockets.add(upstream);
      upstream.on("close", () => sockets.delete(upstream));
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.resume();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const listening = (server.address() as net.AddressInfo).port;
  return {
    port: listening,
    url: `http://127.0.0.1:${listening}`,
    /** Connections given to the instance on `backendPort` so far. */
    acceptedBy: (backendPort: number) => accepted.get(backendPort) ?? 0,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
