import { describe, expect, it } from "vitest";
import { topologies, useCluster } from "../test/cluster.ts";

// The limits count in the shared store (Redis when configured): guesses spread over two instances
// add up, as they would behind a load balancer.
describe.each(topologies().filter((t) => t !== "one instance"))("rate limits on %s", (topology) => {
  const cluster = useCluster(topology, { SIGNUPS_PER_ADDRESS_PER_HOUR: "3" });
  const on = (i: number) => cluster.apps[i % 2] ?? cluster.apps[0];
  const name = `spread${process.pid}${topology.length}`;

  it("holds the sign-in limit over guesses spread across both instances", async () => {
    const made = await on(0).inject({
      method: "POST",
      url: "/api/register",
      payload: { username: name, password: "secret123", email: `${name}@example.com` },
    });
    expect(made.statusCode).toBe(201);
    const guess = (i: number, password: string) =>
      on(i).inject({ method: "POST", url: "/api/login", payload: { username: name, password } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await guess(i, `wrong${i}`)).statusCode);
    // 5 failures per account, counted wherever they landed.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await guess(0, "secret123")).statusCode).toBe(429);
    expect((await guess(1, "secret123")).statusCode).toBe(429);
  });

  it("starts an account afresh after a correct password on the other instance", async () => {
    const user = `${name}ok`;
    await on(1).inject({
      method: "POST",
      url: "/api/register",
      payload: { username: user, password: "secret123", email: `${user}@example.com` },
    });
    const login = (i: number, password: string) =>
      on(i).inject({ method: "POST", url: "/api/login", payload: { username: user, password } });
    for (let i = 0; i < 4; i++) expect((await login(i, "wrong-pass")).statusCode).toBe(401);
    expect((await login(1, "secret123")).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(i, "wrong-pass")).statusCode).toBe(401);
    expect((await login(0, "wrong-pass")).statusCode).toBe(429);
  });

  it("holds the sign-up limit per address across both instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const user = `${name}s${i}`;
      const res = await on(i).inject({
        method: "POST",
        url: "/api/register",
        remoteAddress: "198.51.100.77",
        payload: { username: user, password: "secret123", email: `${user}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});
