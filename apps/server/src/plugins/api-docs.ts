import { STATUS_CODES } from "node:http";
import fastifySwagger, { type SwaggerTransformObject } from "@fastify/swagger";
import { okSchema } from "@kindred/shared/auth";
import { callSchema } from "@kindred/shared/calls";
import { messageSchema } from "@kindred/shared/chat";
import { matchSchema } from "@kindred/shared/matches";
import { noteSchema } from "@kindred/shared/notes";
import { errorSchema, publicUserSchema, selfUserSchema } from "@kindred/shared/user";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ErrorStatus, errorResponses } from "../lib/error-responses.ts";
import { SESSION_COOKIE } from "../lib/sessions/token.ts";
import { type ApiDocument, renderApiPage } from "./api-docs-page.ts";
import { PRIVATE } from "./private-responses.ts";
import { apiHeadersHook } from "./security-headers.ts";

/** The documents are answers under /api like the others: no copy kept. */
const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header("cache-control", PRIVATE);
  done();
};

/**
 * The shared schemas the document names (as components) rather than repeating wherever they are used.
 * The names go in zod's global registry, beside the descriptions that .describe() and .meta() keep there.
 */
const NAMED = {
  Error: errorSchema,
  Ok: okSchema,
  SelfUser: selfUserSchema,
  PublicUser: publicUserSchema,
  Match: matchSchema,
  Call: callSchema,
  Message: messageSchema,
  Note: noteSchema,
};
for (const [id, schema] of Object.entries(NAMED)) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/** What an error status means on every route (its body is always Error). */
const ERROR_MEANINGS: Record<string, string> = {
  400: "The request is not valid: `message` says why, `field` names the first field at fault.",
  401: "Not signed in, or the session has ended.",
  403: "Refused: a write from another site, or something this person may not do (`requiresUpgrade` when another plan allows it).",
  404: "Not found: the id names nothing of this person's (someone else's is the same 404).",
  409: "In conflict with the current state (a name already taken, a call already ended).",
  413: "The body is too large.",
  415: "The body's content type is not accepted.",
  429: "Too many requests: `retryAfterSeconds` (and the Retry-After header) say how long to wait.",
  500: "Something went wrong on our side.",
};

/** A public route answers 401 only for credentials it was given (POST /api/login). */
const WRONG_CREDENTIALS = "The username or password is wrong.";

/** The session cookie, the one credential: routes that need it say so; public ones say that none is needed. */
const SESSION_SECURITY = [{ session: [] }];
const NO_SECURITY: never[] = [];

/** Every route is documented from its own zod schemas; a route that needs a session says so. */
const zodTransform = createJsonSchemaTransform({ skipList: [] });
const zodTransformObject = createJsonSchemaTransformObject({});

type Transform = Parameters<typeof zodTransform>[0];

/** Marks an operation whose body may be left out (@fastify/swagger writes every body as required). */
const OPTIONAL_BODY = "x-optional-body";

/**
 * The operationIds the rule below would get wrong, by method and path (a route's own `schema.operationId`
 * wins over both). Each is a clash: keep this short.
 */
export const OPERATION_IDS: Record<string, string> = {
  "GET /api/user": "getSignedInUser", // getUser is GET /api/users/{id}
};

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** matches → match, replies → reply, notes → note; a word that is not plural stays as it is. */
function singular(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * An operation's generated id: the method, then the path's words without /api and its parameters, each
 * segment named by a parameter made singular. GET /api/matches → getMatches, GET /api/matches/{id} →
 * getMatch, PATCH /api/matches/{id}/notes/{noteId} → patchMatchNote, GET /api/matches/{id}/invite.ics →
 * getMatchInviteIcs. Stable (it changes only with its route's path) and camelCase, for typed clients.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean);
  const isParameter = (segment: string | undefined) => segment !== undefined && /^[:{]/.test(segment);
  const words = segments.flatMap((segment, i) => {
    if (isParameter(segment)) return [];
    const parts = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    const last = parts.length - 1;
    if (isParameter(segments[i + 1]) && last >= 0) parts[last] = singular(parts[last] as string);
    return parts;
  });
  return method.toLowerCase() + words.map(capitalise).join("");
}

/**
 * The 4xx that every operation of its kind can answer, documented where its route left them out (each
 * an Error): 400 for a body that fails its schema, 401 without a session, 404 for a parameter naming nothing.
 */
function kindErrors(schema: NonNullable<Transform["schema"]>, isPublic: boolean) {
  const statuses: ErrorStatus[] = [];
  if (schema.body) statuses.push(400);
  if (!isPublic) statuses.push(401);
  if (schema.params) statuses.push(404);
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  return Object.fromEntries(statuses.filter((s) => !(s in declared)).map((s) => [s, errorSchema]));
}

function transform(input: Transform) {
  const isPublic = input.route.config?.public === true;
  const schema = input.schema
    ? {
        ...input.schema,
        response: { ...kindErrors(input.schema, isPublic), ...(input.schema.response ?? {}) },
      }
    : input.schema;
  const out = zodTransform({ ...input, schema });
  if (!out.schema || out.schema.hide) return out;
  const body = input.schema?.body;
  const optionalBody = body instanceof z.ZodType && body.safeParse(undefined).success;
  const method = [input.route.method].flat()[0] ?? "GET";
  const path = input.url.replace(/:(\w+)/g, "{$1}");
  const extra = {
    operationId: out.schema.operationId ?? OPERATION_IDS[`${method} ${path}`] ?? operationIdOf(method, path),
    security: isPublic ? NO_SECURITY : SESSION_SECURITY,
    ...(optionalBody ? { [OPTIONAL_BODY]: true } : {}),
  };
  return { ...out, schema: { ...out.schema, ...extra } };
}

/** Each response's description: the status's meaning where the route gave none. An optional body is not required. */
function describeOperations(doc: ApiDocument): ApiDocument {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (operation[OPTIONAL_BODY]) {
        delete operation[OPTIONAL_BODY];
        if (operation.requestBody) operation.requestBody.required = false;
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description && response.description !== "Default Response") continue;
        const isPublic = !operation.security?.length;
        response.description =
          (status === "401" && isPublic ? WRONG_CREDENTIALS : ERROR_MEANINGS[status]) ??
          STATUS_CODES[status] ??
          status;
      }
    }
  }
  return doc;
}

/** Only the named schemas some operation refers to (the transform emits an input and an output copy of each). */
function keepReferencedSchemas(doc: ApiDocument): ApiDocument {
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) =>
    JSON.stringify(value, (key, v) => {
      if (key === "$ref" && typeof v === "string") {
        const name = v.replace("#/components/schemas/", "");
        if (!used.has(name) && schemas[name]) {
          used.add(name);
          visit(schemas[name]);
        }
      }
      return v;
    });
  visit(doc.paths);
  const kept = Object.entries(schemas).filter(([name]) => used.has(name));
  return { ...doc, components: { ...doc.components, schemas: Object.fromEntries(kept.sort()) } };
}

const transformObject: SwaggerTransformObject = (input) => {
  const doc = describeOperations(keepReferencedSchemas(zodTransformObject(input) as ApiDocument));
  return doc as unknown as ReturnType<SwaggerTransformObject>;
};

const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The API described: an OpenAPI 3.1 document made from the routes' own zod schemas (GET /api/docs/json)
 * and a page listing every operation (GET /api/docs), rendered here as plain HTML with no script, so
 * that it works under the app's CSP. Registered before the routes: it documents the routes added after it.
 */
export const apiDocs = fp(async (app: FastifyInstance, opts: { pageHeaders: onRequestHookHandler }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Kindred API",
        version: "1",
        description:
          "Every answer is JSON unless said otherwise; every error is an Error. Routes marked with the session security need the HttpOnly session cookie that POST /api/login or /api/register sets.",
      },
      // Relative: the API is served by the same origin as the web app, wherever that is deployed.
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The HttpOnly session cookie that POST /api/login or /api/register sets.",
          },
        },
      },
    },
    transform,
    transformObject,
  });

  let document: ApiDocument | undefined;
  let page: string | undefined;
  const apiDocument = () => {
    document ??= app.swagger() as ApiDocument;
    return document;
  };

  app.get(
    "/api/docs/json",
    {
      config: { public: true },
      onRequest: [apiHeadersHook, noStore],
      schema: {
        summary: "This API as an OpenAPI 3.1 document",
        response: { 200: documentSchema, ...errorResponses() },
      },
    },
    async () => apiDocument() as z.infer<typeof documentSchema>,
  );

  app.get(
    "/api/docs",
    {
      config: { public: true },
      onRequest: [opts.pageHeaders, noStore],
      schema: {
        summary: "This API as a readable page (HTML, no script)",
        response: {
          200: { description: "The page", content: { "text/html": { schema: z.string() } } },
          ...errorResponses(),
        },
      },
    },
    async (_request, reply) => {
      page ??= renderApiPage(apiDocument());
      return reply.type("text/html; charset=utf-8").send(page);
    },
  );
});
