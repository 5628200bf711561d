// The few people a minute who sign in during `npm run bench:capacity`: the password's argon2 verify,
// their session, finding matches among the members, and proposing a call to the first match.
import { londonDate } from "@kindred/shared/london-time";
import { Member } from "./capacity-member.ts";
import type { Account } from "./capacity-seed.ts";
import type { Tally } from "./capacity-tally.ts";
import { failureKind, request } from "./soak-chat-http.ts";

const DAY_MS = 86_400_000;

export function signInEvery(ms: number, accounts: Account[], origins: string[], tally: Tally): () => void {
  let next = 0;
  const timer = setInterval(() => {
    const account = accounts[next % accounts.length] as Account;
    const origin = origins[next % origins.length] as string;
    next += 1;
    void signIn(account, origin, tally);
  }, ms);
  return () => clearInterval(timer);
}

async function signIn(account: Account, origin: string, tally: Tally) {
  const started = performance.now();
  const res = await request(`${origin}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
    timeoutMs: 10_000,
  }).catch((error) => {
    tally.error(`POST /api/login ${failureKind(error)}`);
    return null;
  });
  if (!res) return;
  tally.request("POST /api/login", performance.now() - started);
  const cookie = [res.headers["set-cookie"] ?? []]
    .flat()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 200 || !cookie) return tally.error(`POST /api/login ${res.status}`);
  const member = new Member(
    { index: -1, id: 0, cookie, role: "browsing", pairMatchId: 0, partnerIndex: -1 },
    origin,
    tally,
  );
  await member.api("GET", "/api/user");
  await member.api("POST", "/api/generate-matches");
  const matches = (await member.api("GET", "/api/matches")) as { id: number }[] | null;
  const first = matches?.[0];
  if (!first) return;
  const date = londonDate(new Date(Date.now() + 2 * DAY_MS));
  await member.api("POST", `/api/matches/${first.id}/schedule`, { date, time: "12:00" });
}
