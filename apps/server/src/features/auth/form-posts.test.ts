import { describe, expect, it } from "vitest";
import { createTestApp, registerUser, sessionCookie } from "../../test/app.ts";

// The sign-in page's forms, posted by the browser before their script runs (form-posts.ts).
const { app } = await createTestApp();

const FORM = "application/x-www-form-urlencoded";
const postForm = (
  url: string,
  fields: Record<string, string>,
  origin: string | null = "http://localhost:80",
  site?: string,
) =>
  app.inject({
    method: "POST",
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      "content-type": FORM,
      host: "localhost:80",
      ...(origin ? { origin } : {}),
      ...(site ? { "sec-fetch-site": site } : {}),
    },
  });
const me = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
const errorOf = (location: string | undefined) => new URL(location ?? "", "http://x").searchParams;

describe("the sign-in forms posted without script", () => {
  it("a new account is signed in and sent home", async () => {
    const res = await postForm("/api/register", {
      name: "Form Person",
      email: "form.person@example.com",
      username: "form_person",
      password: "secret123",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/home");
    expect(res.body).toBe("");
    expect((await me(sessionCookie(res))).json().username).toBe("form_person");
  });

  it("a sign-in is sent home, a wrong password back to its tab with the server's sentence", async () => {
    const user = await registerUser(app, { username: "form_signin", password: "secret123" });
    const signedIn = await postForm("/api/login", { username: user.username, password: "secret123" });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe("/home");
    expect((await me(sessionCookie(signedIn))).json().username).toBe("form_signin");

    const refused = await postForm("/api/login", { username: user.username, password: "wrong-one" });
    expect(refused.statusCode).toBe(303);
    expect(refused.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
    const back = errorOf(refused.headers.location);
    expect(refused.headers.location).toMatch(/^\/auth\?/);
    expect([back.get("tab"), back.get("error")]).toEqual(["login", "Invalid username or password"]);
  });

  it("a field the schema refuses comes back with its message, and nothing is created", async () => {
    const fields = { name: "Short", email: "not-an-email", username: "form_short", password: "secret123" };
    const res = await postForm("/api/register", fields);
    expect(res.statusCode).toBe(303);
    const back = errorOf(res.headers.location);
    expect([back.get("tab"), back.get("error")]).toEqual(["register", "Invalid email format"]);
    // The name was not taken by the refused attempt.
    const again = await postForm("/api/register", { ...fields, email: "form.short@example.com" });
    expect(again.headers.location).toBe("/home");
  });

  it("a form from a page of ours says Origin null (no-referrer): Sec-Fetch-Site vouches for it", async () => {
    const user = await registerUser(app, { username: "form_null", password: "secret123" });
    const ours = await postForm(
      "/api/login",
      { username: user.username, password: "secret123" },
      "null",
      "same-origin",
    );
    expect(ours.headers.location).toBe("/home");
    expect(sessionCookie(ours)).toMatch(/^kindred_session=/);
    for (const site of ["cross-site", "same-site", undefined]) {
      const res = await postForm(
        "/api/login",
        { username: user.username, password: "secret123" },
        "null",
        site,
      );
      expect(res.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
      expect(errorOf(res.headers.location).get("error")).toBe(
        "This request came from another site and was refused.",
      );
    }
  });

  it("a form posted from another site, or with no Origin, signs nobody in", async () => {
    const user = await registerUser(app, { username: "form_csrf", password: "secret123" });
    for (const [origin, message] of [
      ["https://elsewhere.example", "This request came from another site and was refused."],
      ["http://localhost:8080", "This request came from another site and was refused."],
      [null, "This form can only be sent from the sign-in page."],
    ] as const) {
      const res = await postForm("/api/login", { username: user.username, password: "secret123" }, origin);
      expect(res.statusCode).toBe(303);
      expect(res.cookies.find((c) => c.name === "kindred_session")).toBeUndefined();
      expect(errorOf(res.headers.location).get("error")).toBe(message);
    }
  });

  it("JSON callers are answered as before", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "nobody_here", password: "secret123" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Invalid username or password" });
  });
});
