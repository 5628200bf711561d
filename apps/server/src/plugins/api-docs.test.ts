import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance, RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { matches } from "../db/schema/matches.ts";
import { scheduleCall } from "../features/matches/mutations.ts";
import { createTestApp, registerUser } from "../test/app.ts";
import type { ApiDocument } from "./api-docs-page.ts";

// Every route the app registers, as registered: Fastify announces each new instance on this channel,
// early enough to add an onRoute hook before any plugin or route.
const routes: RouteOptions[] = [];
const initialization = diagnostics.channel("fastify.initialization");
const collect = (message: unknown) =>
  (message as { fastify: FastifyInstance }).fastify.addHook("onRoute", (route) => {
    routes.push(route);
  });
initialization.subscribe(collect);
const { app, db } = await createTestApp();
initialization.unsubscribe(collect);
await app.ready();

const methodsOf = (route: RouteOptions) => [route.method].flat().map((m) => m.toLowerCase());
const apiRoutes = routes.filter((r) => r.url.startsWith("/api/") && !methodsOf(r).includes("head"));
/** Fastify's path syntax (/api/matches/:id) as OpenAPI writes it (/api/matches/{id}). */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("API docs", () => {
  it("sees the app's routes", () => {
    expect(apiRoutes.length).toBeGreaterThan(30);
    expect(apiRoutes.map((r) => r.url)).toContain("/api/matches/:id");
  });

  it("every /api route declares a success response and, unless public, its 401", () => {
    const missing: string[] = [];
    for (const route of apiRoutes) {
      const name = `${methodsOf(route).join(",").toUpperCase()} ${route.url}`;
      const statuses = Object.keys((route.schema?.response as object | undefined) ?? {});
      if (!statuses.some((s) => /^[23]/.test(s))) missing.push(`${name}: no 2xx/3xx response schema`);
      if (!route.config?.public && !statuses.includes("401")) missing.push(`${name}: no 401 response schema`);
      if (!statuses.includes("500")) missing.push(`${name}: no 500 response schema`);
    }
    expect(missing).toEqual([]);
  });

  it("documents every /api route, with its statuses, in an OpenAPI 3 document", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const doc = res.json() as ApiDocument;
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of apiRoutes) {
      for (const method of methodsOf(route)) {
        const operation = doc.paths?.[openapiPath(route.url)]?.[method];
        expect(operation, `${method} ${route.url}`).toBeDefined();
        const declared = Object.keys((route.schema?.response as object | undefined) ?? {});
        expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${route.url}`).toEqual(
          declared.sort(),
        );
        expect(Boolean(operation?.security?.length), `${method} ${route.url} security`).toBe(
          !route.config?.public,
        );
      }
    }
    const match = doc.paths?.["/api/matches/{id}"]?.get;
    expect(match?.responses?.["200"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/Match",
    });
    expect(match?.responses?.["404"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    expect(Object.keys(doc.components?.schemas ?? {})).toContain("Error");
  });

  it("serves a readable page with no script", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain("/api/matches/{id}");
    expect(res.body).toContain("GET");
  });

  // Declaring a response schema must not put a body that is not JSON through the JSON serialiser.
  it("leaves the bodies that are not JSON as they were: the photo, the .ics invite, the redirects", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const asA = { cookie: a.cookie };

    const bytes = Buffer.from("RIFF\u0000\u0001WEBPVP8 not really a photo, but bytes");
    const key = await app.photos.save(a.id, bytes);
    await db.execute(`update users set photo_url = '${key}' where id = ${a.id}`);
    const photo = await app.inject({ method: "GET", url: `/api/users/${a.id}/photo`, headers: asA });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.rawPayload.equals(bytes)).toBe(true);
    const missing = await app.inject({ method: "GET", url: `/api/users/${b.id}/photo`, headers: asA });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Not found" });

    const [userId1, userId2] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    const [match] = await db.insert(matches).values({ userId1, userId2, compatibility: 70 }).returning();
    if (!match) throw new Error("no match row");
    await scheduleCall(db, match.id, new Date(Date.now() + 86_400_000));
    const ics = await app.inject({ method: "GET", url: `/api/matches/${match.id}/invite.ics`, headers: asA });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR\r\n$/);

    const google = await app.inject({ method: "GET", url: "/api/auth/google" });
    expect(google.statusCode).toBe(302);
    expect(google.headers.location).toMatch(/^\/auth\?tab=login&error=/);
    expect(google.body).toBe("");
  });

  it("sends every error in the one declared shape", async () => {
    const anonymous = await app.inject({ method: "GET", url: "/api/matches" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Please sign in to continue." });
    const a = await registerUser(app);
    const invalid = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie: a.cookie },
      payload: { agePreferenceMin: "old" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ field: "agePreferenceMin" });
  });
});
