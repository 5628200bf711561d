import type { ApiErrorBody } from "@kindred/shared/user";
import type { QueryFunction } from "@tanstack/react-query";
import { env } from "../config/env";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How requests leave: the browser's fetch, or, in the server's render of a page, the server itself. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Used by server-render.tsx only: the server answers the page's queries in-process. */
export function setTransport(send: typeof fetch): void {
  transport = send;
}

/**
 * A non-2xx answer. `message` is "{status}: {text}" (SPEC §8), `text` being the server's words, else the
 * body, else the status text. `detail` is the server's own words alone, "" when it sent none: a toast shows
 * it, or the fallback SPEC names for that toast (see errorDetail).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly text: string;
  readonly body: ApiErrorBody | null;

  constructor(
    status: number,
    detail: string,
    body: ApiErrorBody | null,
    text = detail || statusText(status),
  ) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.text = text;
    this.body = body;
  }

  get field(): string | undefined {
    return this.body?.field;
  }
}

// HTTP/2 answers (and some proxies) carry no reason phrase, so "500: " would follow an empty body.
const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The status text of an answer: the one it carried, else the standard reason phrase. */
export function statusText(status: number, carried = ""): string {
  return carried || REASONS[status] || (status >= 500 ? "Server Error" : "Error");
}

// Checked by hand rather than with the shared zod schema so that zod stays out of the entry chunk.
function asErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.message !== "string") return null;
  return {
    message: v.message,
    field: typeof v.field === "string" ? v.field : undefined,
    requiresUpgrade: typeof v.requiresUpgrade === "boolean" ? v.requiresUpgrade : undefined,
    retryAfterSeconds: typeof v.retryAfterSeconds === "number" ? v.retryAfterSeconds : undefined,
    appealUrl: typeof v.appealUrl === "string" ? v.appealUrl : undefined,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** SPEC §8: "{status}: {body text}", or "{status}: {status text}" when the body is empty. */
export async function toApiError(res: Response): Promise<ApiError> {
  const raw = (await res.text().catch(() => "")).trim();
  const json = parseJson(raw);
  const body = asErrorBody(json);
  // A page of HTML (a proxy's error page) or JSON without a message is no sentence to show anyone.
  const plain = json === undefined && !raw.startsWith("<") ? raw : "";
  const detail = body?.message.trim() || plain;
  return new ApiError(res.status, detail, body, detail || statusText(res.status, res.statusText));
}

/** The text to show a person for any thrown value: the server's words, without the status prefix. */
export function errorDetail(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The Content-Type to send: JSON's, a Blob's own, or none (fetch writes a FormData's, with its boundary). */
function contentType(body: unknown): Record<string, string> | undefined {
  if (body === undefined || body instanceof FormData) return undefined;
  if (body instanceof Blob) return body.type ? { "Content-Type": body.type } : undefined;
  return { "Content-Type": "application/json" };
}

/**
 * A JSON body, a FormData sent as multipart, or a Blob sent as it is with its own type (a recording,
 * PUT /api/profile/voice).
 */
export async function apiRequest(method: HttpMethod, path: string, body?: unknown): Promise<Response> {
  const raw = body === undefined || body instanceof FormData || body instanceof Blob;
  const res = await transport(`${env.apiBaseUrl}${path}`, {
    method,
    credentials: "include",
    headers: contentType(body),
    body: raw ? (body as FormData | Blob | undefined) : JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** apiRequest, then the JSON body. */
export async function apiJson<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, path, body);
  return (await res.json()) as T;
}

type UnauthorizedBehavior = "throw" | "returnNull";

/** The default loader of SPEC §7: GET on the query key joined by "/", parsed as JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = queryKey.map(String).join("/");
    const res = await transport(`${env.apiBaseUrl}${path}`, { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    if (!res.ok) throw await toApiError(res);
    return (await res.json()) as T;
  };
}
