import fs from "node:fs";
import { Readable } from "node:stream";
import { VOICE_ERRORS, VOICE_MAX_BYTES, VOICE_PEAKS } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../../test/app.ts";
import { voiceCleaning } from "./recordings.ts";

const { app } = await createTestApp({ env: { VOICE_UPLOADS_PER_HOUR: "5" } });
const recording = fs.readFileSync(new URL("./container/fixtures/chromium-opus.webm", import.meta.url));
const peaks = Array.from({ length: VOICE_PEAKS }, () => 30).join(",");

/** The body in two pieces with no Content-Length, so only counting what arrives can stop it. */
const save = (cookie: string, body: Buffer, chunked = false) =>
  app.inject({
    method: "PUT",
    url: `/api/profile/voice?peaks=${peaks}`,
    payload: chunked ? Readable.from([body.subarray(0, 1000), body.subarray(1000)]) : body,
    headers: { cookie, "content-type": "audio/webm" },
  });

describe("voice upload limits", () => {
  it("refuses a body past 2 MB even when it does not say its length", async () => {
    const owner = await registerUser(app);
    const res = await save(owner.cookie, Buffer.alloc(VOICE_MAX_BYTES + 1, 3), true);
    expect([res.statusCode, res.json().message]).toEqual([413, VOICE_ERRORS.tooLarge]);
  });

  it("parses at most two uploads at a time, and refuses a person's sixth in an hour", async () => {
    const owner = await registerUser(app);
    const first = await Promise.all(Array.from({ length: 4 }, () => save(owner.cookie, recording)));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(voiceCleaning.peak).toBe(2);
    const others = await registerUser(app);
    expect((await save(others.cookie, recording)).statusCode).toBe(200);

    expect((await save(owner.cookie, recording)).statusCode).toBe(200);
    const refused = await save(owner.cookie, recording);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have saved a lot of voice intros in a short time\. Please try again in /,
    );
    expect(await app.voiceFiles.keysOf(owner.id)).toHaveLength(1);
  });
});
