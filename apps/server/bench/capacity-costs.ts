// Before the ramp: what one request of each route the members send costs the server, alone (one at a
// time, so nothing queues): its CPU, from the server process, and the database queries it sends.
import type { ServerProcess } from "./capacity-processes.ts";
import type { MemberSpec } from "./capacity-seed.ts";
import { request } from "./soak-chat-http.ts";

const ROUTES = [
  "/api/user",
  "/api/chats",
  "/api/calls/missed",
  "/api/matches",
  "/api/calls/allowance",
  "/api/matches/{pair}",
  "/api/matches/{pair}/messages?after=0&limit=50",
  "/api/notifications/settings",
];
const WARM_UP = 50;
const MEASURED = 300;

export async function printCosts(server: ServerProcess, members: MemberSpec[]): Promise<void> {
  console.log("\nWhat one GET costs the server, sent one at a time by different members:");
  console.log("| route | server CPU per request | queries per request |\n| --- | --- | --- |");
  for (const route of ROUTES) {
    const send = async (member: MemberSpec) => {
      const path = route.replace("{pair}", String(member.pairMatchId));
      const res = await request(`${server.origin}${path}`, {
        headers: { cookie: member.cookie },
        timeoutMs: 10_000,
      });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    };
    for (let i = 0; i < WARM_UP; i += 1) await send(members[i % members.length] as MemberSpec);
    const before = await server.window();
    for (let i = 0; i < MEASURED; i += 1) await send(members[(WARM_UP + i) % members.length] as MemberSpec);
    const after = await server.window();
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / MEASURED;
    const queries = (after.queries - before.queries) / MEASURED;
    console.log(`| GET ${route} | ${cpuMs.toFixed(2)} ms | ${queries.toFixed(1)} |`);
  }
}
