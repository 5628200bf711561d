import net, { type AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadEnv } from "../../env.ts";
import { createTestApp, registerUser } from "../../test/app.ts";
import { openTestDatabase } from "../../test/database.ts";

const { app } = await createTestApp();

describe("Google sign-in without a client id", () => {
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
  });
  const oidcApp = await buildApp({ env, db: database.db });
  afterAll(async () => {
    await oidcApp.close();
    await database.close();
    server.close();
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

  it("creates an account for a new Google user and signs them in", async () => {
    const start = await oidcApp.inject({ method: "GET", url: "/api/auth/google" });
    expect(start.statusCode).toBe(302);
    const flowCookie = start.cookies.find((c) => c.name === "kindred_oidc");
    expect(flowCookie?.httpOnly).toBe(true);
    const callback = await signInAtProvider(start.headers.location as string, "google-sub-1");
    const done = await oidcApp.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie: `kindred_oidc=${encodeURIComponent(flowCookie?.value ?? "")}` },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/home");
    const session = done.cookies.find((c) => c.name === "kindred_session");
    const me = await oidcApp.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: `kindred_session=${session?.value}` },
    });
    expect(me.json()).toMatchObject({ email: "new.member@example.com", username: "new.member" });
  });

  it("ends the session the browser held before, as a password login does", async () => {
    const earlier = await registerUser(oidcApp);
    const start = await oidcApp.inject({ method: "GET", url: "/api/auth/google" });
    const flowCookie = start.cookies.find((c) => c.name === "kindred_oidc");
    const callback = await signInAtProvider(start.headers.location as string, "google-sub-2");
    const done = await oidcApp.inject({
      method: "GET",
      url: callback.pathname + callback.search,
      headers: { cookie: `${earlier.cookie}; kindred_oidc=${encodeURIComponent(flowCookie?.value ?? "")}` },
    });
    expect(done.headers.location).toBe("/home");
    const held = await oidcApp.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: earlier.cookie },
    });
    expect(held.statusCode).toBe(401);
  });

  it("refuses a callback without the flow cookie (a forged or replayed redirect)", async () => {
    const res = await oidcApp.inject({ method: "GET", url: "/api/auth/google/callback?code=abc&state=def" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/auth\?tab=login&error=/);
  });

  it("keeps password accounts working beside it", async () => {
    const user = await registerUser(oidcApp);
    expect(user.id).toBeGreaterThan(0);
  });
});
