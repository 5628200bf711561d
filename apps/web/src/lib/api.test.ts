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

  it("sends a Blob as the raw body, with the Blob's own Content-Type", async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }));
    const recording = new Blob(["x"], { type: "audio/webm;codecs=opus" });
    await apiRequest("PUT", "/api/profile/voice?peaks=1", recording);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(recording);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ "Content-Type": "audio/webm;codecs=opus" });
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

describe("SPEC §8: '{status}: {body text}', else the status text, and the spec's fallbacks", () => {
  const failure = async (response: Response) => {
    stubFetch(response);
    return (await apiRequest("GET", "/api/x").catch((e: unknown) => e)) as ApiError;
  };

  it("an empty body without a status text (HTTP/2) still names the status", async () => {
    const error = await failure(new Response(null, { status: 500 }));
    expect(error.message).toBe("500: Internal Server Error");
    expect(error.text).toBe("Internal Server Error");
    expect(new ApiError(503, "", null).message).toBe("503: Service Unavailable");
    expect((await failure(new Response("", { status: 418 }))).message).toBe("418: Error");
    expect((await failure(new Response("", { status: 599 }))).message).toBe("599: Server Error");
  });

  it("a status text the answer carried wins over the standard phrase", async () => {
    const error = await failure(new Response("", { status: 500, statusText: "Upstream Broke" }));
    expect(error.message).toBe("500: Upstream Broke");
  });

  it("with no words from the server a toast shows the fallback SPEC names, never the status text", async () => {
    expect(errorDetail(await failure(new Response(null, { status: 500 })), "Unable to update profile")).toBe(
      "Unable to update profile",
    );
    const html = await failure(new Response("<html><body>Bad gateway</body></html>", { status: 502 }));
    expect(html.message).toBe("502: Bad Gateway");
    expect(errorDetail(html, "Unable to create account")).toBe("Unable to create account");
    const noMessage = await failure(Response.json({ error: "x" }, { status: 400 }));
    expect(noMessage.message).toBe("400: Bad Request");
    expect(errorDetail(noMessage, "Invalid username or password")).toBe("Invalid username or password");
  });

  it("the server's words, JSON or plain, are what a toast shows", async () => {
    const json = await failure(Response.json({ message: "Invalid username or password" }, { status: 401 }));
    expect(json.message).toBe("401: Invalid username or password");
    expect(errorDetail(json, "fallback")).toBe("Invalid username or password");
    const plain = await failure(new Response("Too many requests, slow down", { status: 429 }));
    expect(plain.message).toBe("429: Too many requests, slow down");
    expect(errorDetail(plain, "fallback")).toBe("Too many requests, slow down");
  });

  it("errors that are not HTTP answers show their message, else the fallback", () => {
    expect(errorDetail(new TypeError("Failed to fetch"), "fallback")).toBe("Failed to fetch");
    expect(errorDetail("nope", "fallback")).toBe("fallback");
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
