import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { Executor } from "../../db/client.ts";
import { inProcessBackend } from "../../realtime/in-process-backend.ts";
import type { findSession, SessionUser } from "./lookup.ts";
import { Sessions } from "./service.ts";
import { hashToken, SESSION_COOKIE } from "./token.ts";

type Found = Awaited<ReturnType<typeof findSession>>;

/** A session lookup that answers when the test says, counting the reads. */
function heldLookup() {
  const reads: ((found: Found) => void)[] = [];
  const find = (_db: Executor, _tokenHash: string) => new Promise<Found>((resolve) => reads.push(resolve));
  return { find, reads };
}

const user = { id: 7, username: "someone" } as SessionUser;
const found: Found = { user, expiresAt: new Date(Date.now() + 60_000) };
const cookies = { [SESSION_COOKIE]: "token-of-someone" };
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

function sessionsWith(find: typeof findSession) {
  const { bus } = inProcessBackend({ presenceTtlMs: 1_000 });
  return new Sessions({} as Executor, bus, log, undefined, find);
}

describe("Sessions.fromCookies", () => {
  it("answers a page's parallel requests of one session from one database read", async () => {
    const { find, reads } = heldLookup();
    const sessions = sessionsWith(find);
    const answers = Promise.all([1, 2, 3].map(() => sessions.fromCookies(cookies)));
    expect(reads).toHaveLength(1);
    reads[0]?.(found);
    for (const answer of await answers)
      expect(answer).toEqual({ user, tokenHash: hashToken("token-of-someone") });
  });

  it("does not let a request after a change join a read that started before it", async () => {
    const { find, reads } = heldLookup();
    const sessions = sessionsWith(find);
    const before = sessions.fromCookies(cookies);
    sessions.cache.forgetUser(user.id); // Say, a logout committed meanwhile.
    const after = sessions.fromCookies(cookies);
    expect(reads).toHaveLength(2);
    reads[0]?.(found);
    reads[1]?.(null);
    expect(await before).not.toBeNull();
    expect(await after).toBeNull();
    // Nothing of the old read is kept: the next request reads again.
    void sessions.fromCookies(cookies);
    expect(reads).toHaveLength(3);
  });
});
