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

async function get(server: ServerProcess, path: string, member: MemberSpec): Promise<void> {
  const res = await request(`${server.origin}${path}`, {
    headers: { cookie: member.cookie },
    timeoutMs: 10_000,
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
}

export async function printCosts(server: ServerProcess, members: MemberSpec[]): Promise<void> {
  console.log(`\nWhat one GET costs the server, sent one at a time by ${MEASURED} members:`);
  console.log("| route | server CPU per request | queries per request |\n| --- | --- | --- |");
  const measured = members.slice(WARM_UP, WARM_UP + MEASURED);
  for (const route of ROUTES) {
    const send = (member: MemberSpec) =>
      get(server, route.replace("{pair}", String(member.pairMatchId)), member);
    for (const member of members.slice(0, WARM_UP)) await send(member);
    // GET /api/user is measured with each session read from the database; the others with it cached,
    // as a page's later requests find it.
    const own = route === "/api/user";
    if (!own) for (const member of measured) await get(server, "/api/user", member);
    const before = await server.window();
    for (const member of measured) await send(member);
    const after = await server.window();
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / MEASURED;
    const queries = (after.queries - before.queries) / MEASURED;
    const label = own ? `GET ${route}, the session read` : `GET ${route}, the session cached`;
    console.log(`| ${label} | ${cpuMs.toFixed(2)} ms | ${queries.toFixed(1)} |`);
  }
}
