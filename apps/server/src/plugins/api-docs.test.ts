import diagnostics from "node:diagnostics_channel";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { FastifyInstance, RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { matches } from "../db/schema/matches.ts";
import { scheduleCall } from "../features/matches/mutations.ts";
import { createTestApp, registerUser } from "../test/app.ts";
import { OPERATION_IDS, operationIdOf } from "./api-docs.ts";
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
/** The 4xx the document adds where a route left them out: 400 with a body, 401 unless public, 404 with params. */
const kindStatuses = (route: RouteOptions) => [
  ...(route.schema?.body ? ["400"] : []),
  ...(route.config?.public ? [] : ["401"]),
  ...(route.schema?.params ? ["404"] : []),
];

/** Where the document is linted from (the key of the places a rule is switched off, below). */
const DOC_REF = "/api/docs/json";
const responsesPointer = (path: string, method = "get") =>
  `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}/responses`;
/** A public GET with no parameters and no body: nothing it is given can be refused (an outage is its 503). */
const NOTHING_TO_REFUSE = ["/api/docs/json", "/api/docs", "/api/health", "/api/ready", "/api/auth/providers"];
/** Always a redirect (302): a failed Google sign-in goes back to /auth with the sentence, never a 4xx. */
const ALWAYS_REDIRECTS = ["/api/auth/google", "/api/auth/google/callback"];
/** The operations where a recommended rule cannot hold, by rule; each must still be reported (no stale entries). */
const NOT_APPLICABLE: Record<string, string[]> = {
  "operation-4xx-response": [...NOTHING_TO_REFUSE, ...ALWAYS_REDIRECTS].map((path) => responsesPointer(path)),
  "operation-2xx-response": ALWAYS_REDIRECTS.map((path) => responsesPointer(path)),
};

/** Redocly's `recommended` rules over the document: every problem not switched off, and those switched off. */
async function lintDocument(source: string) {
  const config = await createConfig(
    {
      extends: ["recommended"],
      rules: {
        // Kindred is private (no licence in the repository): there is no licence to name.
        "info-license": "off",
        "info-license-strict": "off",
      },
    },
    {
      ignore: {
        [DOC_REF]: Object.fromEntries(
          Object.entries(NOT_APPLICABLE).map(([rule, pointers]) => [rule, new Set(pointers)]),
        ),
      },
    },
  );
  const problems = await lintFromString({ source, absoluteRef: DOC_REF, config });
  const line = (p: (typeof problems)[number]) =>
    `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`;
  return {
    problems: problems.filter((p) => !p.ignored).map(line),
    ignored: problems.filter((p) => p.ignored).map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}`),
  };
}

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
        const documented = new Set([...declared, ...kindStatuses(route)]);
        expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${route.url}`).toEqual(
          [...documented].sort(),
        );
        // Public operations say so (an empty requirement), rather than leave it unsaid.
        expect(operation?.security, `${method} ${route.url} security`).toEqual(
          route.config?.public ? [] : [{ session: [] }],
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

  it("passes Redocly's recommended rules, but where a rule cannot hold", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const { problems, ignored } = await lintDocument(res.body);
    expect(problems).toEqual([]);
    const expected = Object.entries(NOT_APPLICABLE).flatMap(([rule, pointers]) =>
      pointers.map((p) => `${rule} ${p}`),
    );
    expect(ignored.sort()).toEqual(expected.sort());
  });

  it("fails a document that breaks the rules", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as ApiDocument & { servers?: unknown };
    delete doc.servers;
    const match = doc.paths?.["/api/matches/{id}"]?.get;
    if (match) delete match.operationId;
    const list = doc.paths?.["/api/matches"]?.get;
    if (list?.responses) delete list.responses["401"];
    const { problems } = await lintDocument(JSON.stringify(doc));
    expect(problems).toEqual([
      "error no-empty-servers #/openapi: Servers must be present.",
      "warn operation-4xx-response #/paths/~1api~1matches/get/responses: Operation must have at least one `4XX` response.",
      "warn operation-operationId #/paths/~1api~1matches~1{id}/get/operationId: Operation object should contain `operationId` field.",
    ]);
  });

  it("names every operation: unique camelCase ids, made from its method and path", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as ApiDocument;
    const ids = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {}).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        id: op.operationId,
      })),
    );
    expect(ids.length).toBeGreaterThan(30);
    for (const { key, id } of ids) expect(id, key).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
    expect(new Set(ids.map((o) => o.id)).size).toBe(ids.length);
    const idOf = Object.fromEntries(ids.map((o) => [o.key, o.id]));
    expect(idOf).toMatchObject({
      "GET /api/matches": "getMatches",
      "GET /api/matches/{id}": "getMatch",
      "GET /api/users/{id}": "getUser",
      "GET /api/matches/{id}/invite.ics": "getMatchInviteIcs",
      "PATCH /api/matches/{id}/notes/{noteId}": "patchMatchNote",
      "POST /api/generate-matches": "postGenerateMatches",
    });
    // Each override names an operation that exists, and is what it is called.
    expect(Object.keys(OPERATION_IDS).length).toBeGreaterThan(0);
    for (const [key, id] of Object.entries(OPERATION_IDS)) expect(idOf[key], key).toBe(id);
    expect(operationIdOf("GET", "/api/replies/{id}/notes")).toBe("getReplyNotes");
    expect(operationIdOf("DELETE", "/api/boxes/:boxId")).toBe("deleteBox");
    expect(operationIdOf("GET", "/api/status")).toBe("getStatus");
  });

  it("serves a readable page with no script", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain("/api/matches/{id}");
    expect(res.body).toContain("GET");
    expect(res.body).toContain("<code>getMatch</code>");
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
