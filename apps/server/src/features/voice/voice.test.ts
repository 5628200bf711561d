import fs from "node:fs";
import type { MatchStatus } from "@kindred/shared/matches";
import { VOICE_ERRORS, VOICE_PEAKS } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { createTestApp, registerUser } from "../../test/app.ts";

const { app, db } = await createTestApp();

const fixture = (name: string) => fs.readFileSync(new URL(`./container/fixtures/${name}`, import.meta.url));
const PEAKS = Array.from({ length: VOICE_PEAKS }, (_, i) => (i * 7) % 101);
const peaksQuery = (peaks: number[] = PEAKS) => `peaks=${peaks.join(",")}`;

function save(cookie: string, body: Buffer, opts: { type?: string; query?: string } = {}) {
  return app.inject({
    method: "PUT",
    url: `/api/profile/voice?${opts.query ?? peaksQuery()}`,
    payload: body,
    headers: { cookie, "content-type": opts.type ?? "audio/webm;codecs=opus" },
  });
}

const listen = (userId: number, cookie: string, range?: string) =>
  app.inject({
    method: "GET",
    url: `/api/users/${userId}/voice`,
    headers: { cookie, ...(range ? { range } : {}) },
  });

async function pair(status: MatchStatus = "active") {
  const a = await registerUser(app);
  const b = await registerUser(app);
  expect((await save(a.cookie, fixture("chromium-opus.webm"))).statusCode).toBe(200);
  await db.insert(matches).values({ userId1: a.id, userId2: b.id, compatibility: 80, status });
  return { a, b };
}

describe("saving a voice intro", () => {
  it("keeps a Chromium recording and shows its length and waveform to the owner", async () => {
    const owner = await registerUser(app);
    const res = await save(owner.cookie, fixture("chromium-opus.webm"));
    expect(res.statusCode).toBe(200);
    const voice = res.json().voiceIntro;
    expect(voice).toMatchObject({ url: `/api/users/${owner.id}/voice`, peaks: PEAKS });
    expect(voice.durationMs).toBeGreaterThan(2000);
    expect(voice.durationMs).toBeLessThan(30_000);
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: owner.cookie } });
    expect(me.json().voiceIntro).toEqual(voice);

    const served = await listen(owner.id, owner.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("audio/webm");
    expect(served.headers["cache-control"]).toBe("private, no-store");
    expect(served.headers["accept-ranges"]).toBe("bytes");
    expect(served.rawPayload.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
  });

  it("accepts AAC in MP4 as Safari records it, served as MP4", async () => {
    const owner = await registerUser(app);
    const res = await save(owner.cookie, fixture("safari-style-aac.mp4"), { type: "audio/mp4" });
    expect(res.statusCode).toBe(200);
    const served = await listen(owner.id, owner.cookie);
    expect(served.headers["content-type"]).toBe("audio/mp4");
  });

  it("serves files without the tags they were uploaded with", async () => {
    for (const name of ["tagged.webm", "tagged.m4a"]) {
      const owner = await registerUser(app);
      const original = fixture(name);
      expect(original.includes("SECRET")).toBe(true);
      expect((await save(owner.cookie, original)).statusCode).toBe(200);
      const served = (await listen(owner.id, owner.cookie)).rawPayload;
      expect(served.length).toBeGreaterThan(1000);
      expect(served.includes("SECRET")).toBe(false);
      expect(served.includes("Lavf")).toBe(false);
    }
  });

  it("decides from the bytes: a renamed text file, an empty body, 3 MB, too long and too short are refused", async () => {
    const owner = await registerUser(app);
    const refusals: [Buffer, number, string][] = [
      [Buffer.from("Dear diary, this is not a recording.\n".repeat(200)), 400, VOICE_ERRORS.notAudio],
      [Buffer.alloc(0), 400, VOICE_ERRORS.empty],
      [Buffer.alloc(3 * 1024 * 1024, 7), 413, VOICE_ERRORS.tooLarge],
      [fixture("too-long.webm"), 400, VOICE_ERRORS.tooLong],
      [fixture("too-short.webm"), 400, VOICE_ERRORS.tooShort],
      [fixture("chromium-opus.webm").subarray(0, 300), 400, VOICE_ERRORS.notAudio],
    ];
    for (const [body, status, message] of refusals) {
      const res = await save(owner.cookie, body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    // Nothing was half-kept by any of them.
    expect(await app.voiceFiles.keysOf(owner.id)).toEqual([]);
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: owner.cookie } });
    expect(me.json().voiceIntro).toBeNull();
  });

  it("refuses an upload whose waveform is missing or malformed", async () => {
    const owner = await registerUser(app);
    for (const query of ["", peaksQuery(PEAKS.slice(1)), peaksQuery([...PEAKS.slice(1), 101]), "peaks=a,b"]) {
      const res = await save(owner.cookie, fixture("chromium-opus.webm"), { query });
      expect([res.statusCode, res.json().message]).toEqual([400, VOICE_ERRORS.peaks]);
    }
  });

  it("replaces the old file when re-recorded, and deleting removes it", async () => {
    const owner = await registerUser(app);
    await save(owner.cookie, fixture("chromium-opus.webm"));
    await save(owner.cookie, fixture("safari-style-aac.mp4"));
    expect(await app.voiceFiles.keysOf(owner.id)).toHaveLength(1);
    const removed = await app.inject({
      method: "DELETE",
      url: "/api/profile/voice",
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().voiceIntro).toBeNull();
    expect(await app.voiceFiles.keysOf(owner.id)).toEqual([]);
    expect((await listen(owner.id, owner.cookie)).statusCode).toBe(404);
  });
});

describe("who may hear it", () => {
  it("a live match hears it, with ranges for seeking, and sees it on the match and the profile", async () => {
    const { a, b } = await pair();
    const whole = await listen(a.id, b.cookie);
    expect(whole.statusCode).toBe(200);
    const part = await listen(a.id, b.cookie, "bytes=100-199");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await listen(a.id, b.cookie, `bytes=${whole.rawPayload.length}-`);
    expect(tail.statusCode).toBe(416);
    expect(tail.headers["content-range"]).toBe(`bytes */${whole.rawPayload.length}`);

    const list = await app.inject({ method: "GET", url: "/api/matches", headers: { cookie: b.cookie } });
    expect(list.json()[0].otherUser.voiceIntro.url).toBe(`/api/users/${a.id}/voice`);
    const profile = await app.inject({
      method: "GET",
      url: `/api/users/${a.id}`,
      headers: { cookie: b.cookie },
    });
    expect(profile.json().voiceIntro.durationMs).toBeGreaterThan(2000);
  });

  it("a stranger, an unmatched and a blocked match get 404, ranges included", async () => {
    const stranger = await registerUser(app);
    for (const status of ["unmatched", "blocked"] as const) {
      const { a, b } = await pair(status);
      for (const cookie of [b.cookie, stranger.cookie]) {
        expect((await listen(a.id, cookie)).statusCode).toBe(404);
        expect((await listen(a.id, cookie, "bytes=0-99")).statusCode).toBe(404);
      }
    }
    expect((await listen(999_999, stranger.cookie)).statusCode).toBe(404);
    // Reporting a voice intro ends the match like any block: from then on it is not theirs to hear.
    const { a, b } = await pair();
    const [match] = (
      await app.inject({ method: "GET", url: "/api/matches", headers: { cookie: b.cookie } })
    ).json();
    const reported = await app.inject({
      method: "POST",
      url: `/api/matches/${match.id}/block`,
      payload: { reason: "Inappropriate voice intro" },
      headers: { cookie: b.cookie },
    });
    expect(reported.statusCode).toBe(200);
    expect((await listen(a.id, b.cookie)).statusCode).toBe(404);
    const anonymous = await app.inject({ method: "GET", url: `/api/users/${stranger.id}/voice` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the account's own copy", () => {
  it("the export holds the recording as served, and deleting the account removes the file", async () => {
    const owner = await registerUser(app, { password: "a-long-password-1" });
    await save(owner.cookie, fixture("chromium-opus.webm"));
    const served = (await listen(owner.id, owner.cookie)).rawPayload;
    const exported = await app.inject({
      method: "GET",
      url: "/api/user/export",
      headers: { cookie: owner.cookie },
    });
    const voice = exported.json().voiceIntro;
    expect(voice.mimeType).toBe("audio/webm");
    expect(Buffer.from(voice.audioBase64, "base64")).toEqual(served);

    const gone = await app.inject({
      method: "DELETE",
      url: "/api/user",
      payload: { password: "a-long-password-1" },
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(200);
    expect(await app.voiceFiles.keysOf(owner.id)).toEqual([]);
  });
});
