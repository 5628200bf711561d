import net, { type AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { users } from "../../db/schema/users.ts";
import { loadEnv } from "../../env.ts";
import { createTestApp, registerUser, sessionCookie } from "../../test/app.ts";
import { openTestDatabase } from "../../test/database.ts";
import { GENEROUS_LIMITS } from "../../test/generous-limits.ts";

const { app } = await createTestApp();

describe("Google sign-in without a client id", () => {
  it("is not offered: GET /api/auth/providers says so, signed in or not", async () => {
    const res = await app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false });
  });

  it("sends the browser back to /auth with a clear message, never a 500", async () => {
    const res = await app.inject({ method: "GET", url: "/api/auth/google" });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, "http://x");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toMatch(/Google sign-in is not available/);
  });
});

describe("Google sign-in through a real OpenID Connect provider", async () => {
  const accounts: Record<string, { email: string; email_verified: boolean; name: string }> = {
    "google-sub-1": { email: "new.member@example.com", email_verified: true, name: "New Member" },
    "google-sub-2": { email: "second.member@example.com", email_verified: true, name: "Second Member" },
    // Same addresses as password accounts the tests register, in another case.
    "google-sub-3": { email: "Linked.Member@example.com", email_verified: true, name: "Google Name" },
    "google-sub-4": { email: "Unverified.Member@example.com", email_verified: false, name: "Someone Else" },
    "google-sub-5": { email: "nobody.yet@example.com", email_verified: false, name: "Not Verified" },
    "google-sub-6": { email: "taken.member@example.com", email_verified: true, name: "Second Google" },
    "google-sub-7": { email: "squatted@example.com", email_verified: true, name: "The Owner" },
    "google-sub-8": { email: "banned.member@example.com", email_verified: true, name: "Banned Member" },
  };
  // The issuer must name its own port, so find a free one first.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "kindred-test",
        client_secret: "kindred-secret",
        redirect_uris: ["http://kindred.test/api/auth/google/callback"],
      },
    ],
    claims: { email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...accounts[sub] }),
    }),
  });
  const server = provider.listen(port, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));

  const database = await openTestDatabase();
  const env = loadEnv({
    NODE_ENV: "test",
    WEB_DIST: "/nonexistent",
    GOOGLE_CLIENT_ID: "kindred-test",
    GOOGLE_CLIENT_SECRET: "kindred-secret",
    GOOGLE_ISSUER: issuer,
    PUBLIC_ORIGIN: "http://kindred.test",
    ...GENEROUS_LIMITS,
  });
  const oidcApp = await buildApp({ env, db: database.db });
  afterAll(async () => {
    await oidcApp.close();
    await database.close();
    server.close();
  });

  it("is offered: GET /api/auth/providers says so without a session", async () => {
    const res = await oidcApp.inject({ method: "GET", url: "/api/auth/providers" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: true });
  });

  /** Walks the provider's login and consent screens as a browser would, returning the callback URL. */
  async function signInAtProvider(authUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authUrl;
    let method = "GET";
    let body: string | undefined;
    for (let hop = 0; hop < 12; hop++) {
      const res = await fetch(url, {
        method,
        body,
        redirect: "manual",
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const [k, v] = (pair ?? "").split("=");
        if (k) jar.set(k, v ?? "");
      }
      const next = res.headers.get("location");
      if (next?.startsWith("http://kindred.test/")) return new URL(next);
      if (next) {
        url = new URL(next, url).href;
        method = "GET";
        body = undefined;
        continue;
      }
      const html = await res.text();
      const prompt = html.includes('name="login"') ? "login" : "consent";
      method = "POST";
      body = new URLSearchParams({ prompt, login: sub, password: "x" }).toString();
    }
    throw new Error("provider flow did not reach the callback");
  }

  /** The whole browser round trip for Google account `sub`, from /api/auth/google to Kindred's answer. */
  async function signInWithGoogle(sub: string, cookie?: string) {
    const start = await oidcApp.inject({ method: "GET", url: "/api/auth/google" });
    expect(start.statusCode).toBe(302);
    const flowCookie = start.cookies.find((c) => c.name === "kindred_oidc");
    expect(flowCookie?.httpOnly).toBe(true);
    const callback = await signInAtProvider(start.headers.location as string, sub);
    const flow = `kindred_oidc=${encodeURIComponent(flowCookie?.value ?? "")}`;
    return oidcApp.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie: cookie ? `${cookie}; ${flow}` : flow },
    });
  }

  const me = (cookie: string) => oidcApp.inject({ method: "GET", url: "/api/user", headers: { cookie } });
  const login = (username: string, password: string) =>
    oidcApp.inject({ method: "POST", url: "/api/login", payload: { username, password } });
  const rowsWithEmail = (email: string) =>
    database.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);

  it("creates an account for a new Google user from the claims, signs them in, and finds it again", async () => {
    const done = await signInWithGoogle("google-sub-1");
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/home");
    expect(done.cookies.find((c) => c.name === "kindred_signed_in")?.value).toBe("1");
    const session = sessionCookie(done);
    const user = (await me(session)).json();
    expect(user).toMatchObject({
      email: "new.member@example.com",
      username: "new.member",
      name: "New Member",
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      googleSub: "google-sub-1",
      passwordHash: null,
      email: "new.member@example.com",
    });
    // No password was ever set, so no password opens it.
    expect((await login("new.member", "secret123")).statusCode).toBe(401);
    // The same Google account next time: the same member, no second account.
    const again = await signInWithGoogle("google-sub-1");
    expect(again.headers.location).toBe("/home");
    expect((await me(sessionCookie(again))).json().id).toBe(user.id);
    expect(await rowsWithEmail("new.member@example.com")).toHaveLength(1);
  });

  it("refuses a banned account with the sentence sign-in gives, and no session", async () => {
    const first = await signInWithGoogle("google-sub-8");
    expect(first.headers.location).toBe("/home");
    await database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.googleSub, "google-sub-8"));
    const refused = await signInWithGoogle("google-sub-8");
    const location = new URL(refused.headers.location as string, "http://kindred.test");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toMatch(/^Your account is permanently banned\./);
    expect(refused.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
  });

  it("ends the session the browser held before, and its sockets, as a password login does", async () => {
    const earlier = await registerUser(oidcApp);
    const ended = vi.spyOn(oidcApp.realtime, "endSessions");
    const done = await signInWithGoogle("google-sub-2", earlier.cookie);
    expect(done.headers.location).toBe("/home");
    expect((await me(earlier.cookie)).statusCode).toBe(401);
    expect(ended).toHaveBeenCalledWith(earlier.id, expect.any(String));
    ended.mockRestore();
    expect((await me(sessionCookie(done))).json()).toMatchObject({ email: "second.member@example.com" });
  });

  it("links a verified Google email to the password account that has it, whatever the case", async () => {
    const member = await registerUser(oidcApp, { email: "linked.member@example.com" });
    // The member confirmed their address (by the mailed link): their password is theirs to keep.
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    const done = await signInWithGoogle("google-sub-3");
    expect(done.headers.location).toBe("/home");
    // Signed in as the existing member: same id, their own username and name, not the claims'.
    expect((await me(sessionCookie(done))).json()).toMatchObject({
      id: member.id,
      username: member.username,
      name: member.name,
      email: "linked.member@example.com",
    });
    const rows = await rowsWithEmail("linked.member@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: member.id, googleSub: "google-sub-3" });
    // The password still works beside the link.
    const byPassword = await login(member.username, member.password);
    expect(byPassword.statusCode).toBe(200);
    expect((await me(sessionCookie(byPassword))).json().id).toBe(member.id);
  });

  it("an account whose address was never confirmed goes to the address's owner: its password and sessions end", async () => {
    const squatter = await registerUser(oidcApp, { email: "squatted@example.com" });
    const done = await signInWithGoogle("google-sub-7");
    expect(done.headers.location).toBe("/home");
    expect((await me(sessionCookie(done))).json()).toMatchObject({ id: squatter.id, emailVerified: true });
    expect((await me(squatter.cookie)).statusCode).toBe(401);
    expect((await login(squatter.username, squatter.password)).statusCode).toBe(401);
  });

  it("refuses an unverified Google email that an existing account has: no session, no link, no account", async () => {
    const member = await registerUser(oidcApp, { email: "unverified.member@example.com" });
    const done = await signInWithGoogle("google-sub-4");
    expect(done.statusCode).toBe(302);
    const location = new URL(done.headers.location as string, "http://kindred.test");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("tab")).toBe("login");
    expect(location.searchParams.get("error")).toBe("Google sign-in did not complete. Please try again.");
    expect(done.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
    const rows = await rowsWithEmail("unverified.member@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: member.id, googleSub: null });
    expect(await database.db.select().from(users).where(eq(users.googleSub, "google-sub-4"))).toEqual([]);
  });

  /** The browser went back to /auth with the failure message and no session. */
  function expectRefused(done: Awaited<ReturnType<typeof signInWithGoogle>>) {
    const location = new URL(done.headers.location as string, "http://kindred.test");
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("error")).toBe("Google sign-in did not complete. Please try again.");
    expect(done.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
  }

  it("refuses an unverified Google email that no account has: it creates no account", async () => {
    expectRefused(await signInWithGoogle("google-sub-5"));
    expect(await rowsWithEmail("nobody.yet@example.com")).toEqual([]);
  });

  it("never re-links an account already linked to another Google account", async () => {
    const member = await registerUser(oidcApp, { email: "taken.member@example.com" });
    await database.db.update(users).set({ googleSub: "first-google" }).where(eq(users.id, member.id));
    expectRefused(await signInWithGoogle("google-sub-6"));
    const rows = await rowsWithEmail("taken.member@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: member.id, googleSub: "first-google" });
  });

  it("refuses a callback without the flow cookie (a forged or replayed redirect)", async () => {
    const res = await oidcApp.inject({ method: "GET", url: "/api/auth/google/callback?code=abc&state=def" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/auth\?tab=login&error=/);
  });

  it("keeps password accounts working beside it", async () => {
    const user = await registerUser(oidcApp);
    const res = await login(user.username, user.password);
    expect(res.statusCode).toBe(200);
    expect((await me(sessionCookie(res))).json()).toMatchObject({ id: user.id, username: user.username });
    expect((await login(user.username, "wrong-password")).statusCode).toBe(401);
  });
});
