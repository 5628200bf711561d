import type { ApiErrorBody } from "@kindred/shared/user";
import type { QueryFunction } from "@tanstack/react-query";
import { env } from "../config/env";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A non-2xx answer. `message` is "{status}: {text}" (SPEC §8); `detail` is the text alone,
 * which is what a toast shows.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly body: ApiErrorBody | null;

  constructor(status: number, detail: string, body: ApiErrorBody | null) {
    super(`${status}: ${detail}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.body = body;
  }

  get field(): string | undefined {
    return this.body?.field;
  }
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
  };
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: ApiErrorBody | null = null;
  try {
    body = asErrorBody(JSON.parse(text));
  } catch {
    body = null;
  }
  const detail = body?.message || text || res.statusText || "Request failed";
  return new ApiError(res.status, detail, body);
}

/** The text to show a person for any thrown value: the server's words, without the status prefix. */
export function errorDetail(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A JSON body, or a FormData sent as multipart (the browser writes its Content-Type with the boundary). */
export async function apiRequest(method: HttpMethod, path: string, body?: unknown): Promise<Response> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${env.apiBaseUrl}${path}`, {
    method,
    credentials: "include",
    headers: json ? { "Content-Type": "application/json" } : undefined,
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
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
    const res = await fetch(`${env.apiBaseUrl}${path}`, { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) return null;
    if (!res.ok) throw await toApiError(res);
    return (await res.json()) as T;
  };
}
