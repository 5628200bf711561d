import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, errorDetail, getQueryFn } from "./api";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const context = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends cookies, and a JSON body only when there is one", async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await apiRequest("POST", "/api/logout");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: "POST",
      credentials: "include",
      body: undefined,
    });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toBeUndefined();

    stubFetch(Response.json({ ok: true }));
    const withBody = stubFetch(Response.json({}));
    await apiRequest("POST", "/api/login", { username: "abc" });
    expect(withBody.mock.calls[0]?.[1]).toMatchObject({
      body: '{"username":"abc"}',
      headers: { "Content-Type": "application/json" },
    });
  });

  it("sends a FormData as it is, leaving its multipart Content-Type to fetch", async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }));
    const data = new FormData();
    data.append("photo", new Blob(["x"], { type: "image/png" }), "a.png");
    await apiRequest("POST", "/api/profile/photo", data);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(data);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toBeUndefined();
  });

  it("turns a JSON error body into '{status}: {message}' and keeps the body", async () => {
    stubFetch(
      Response.json({ message: "That username is already taken.", field: "username" }, { status: 409 }),
    );
    const error = await apiRequest("POST", "/api/register", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe("409: That username is already taken.");
    expect(apiError.status).toBe(409);
    expect(apiError.field).toBe("username");
    expect(errorDetail(apiError, "fallback")).toBe("That username is already taken.");
  });

  it("falls back to the raw text, then the status text", async () => {
    stubFetch(new Response("boom", { status: 500 }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: boom");
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
    stubFetch(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("POST", "/api/profile/photo", new FormData())).rejects.toThrow(
      "500: Internal Server Error",
    );
  });
});

describe("getQueryFn", () => {
  it("GETs the key joined by '/'", async () => {
    const fetchMock = stubFetch(Response.json({ id: 7 }));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/matches", 7]))).resolves.toEqual({ id: 7 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/matches/7");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("answers null on 401 when asked to, and throws otherwise", async () => {
    stubFetch(Response.json({ message: "Not signed in" }, { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user"]))).resolves.toBeNull();
    stubFetch(Response.json({ message: "Not signed in" }, { status: 401 }));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/user"]))).rejects.toThrow(
      "401: Not signed in",
    );
  });
});
