import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createTestApp, registerUser } from "../../test/app.ts";
import { MAX_PHOTO_BYTES, photoDecodes } from "./storage.ts";

const { app } = await createTestApp({ env: { PHOTO_UPLOADS_PER_HOUR: "3" } });

/**
 * Posts `bytes` as the photo. With `splitAt`, the body arrives in two pieces, the first ending after
 * that many bytes of the file: the reader then sees the file reach the limit exactly at a chunk's end.
 */
function upload(cookie: string, bytes: Buffer, splitAt?: number) {
  const boundary = "----kindredlimits";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const body = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const cut = splitAt === undefined ? body.length : head.length + splitAt;
  return app.inject({
    method: "POST",
    url: "/api/profile/photo",
    payload: Readable.from([body.subarray(0, cut), body.subarray(cut)]),
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(body.length),
      cookie,
    },
  });
}

const smallPng = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: "#f0a" } })
    .png()
    .toBuffer();

/** A real image over 5 MB (noise does not compress): its first 5 MB are a damaged image, not garbage. */
const bigPng = sharp({
  create: {
    width: 1600,
    height: 1600,
    channels: 3,
    background: "#000",
    noise: { type: "gaussian", mean: 128, sigma: 60 },
  },
})
  .png({ compressionLevel: 0 })
  .toBuffer();

const filesOf = (userId: number) => app.photos.keysOf(userId);

describe("photo upload limits", () => {
  it("answers every upload over 5 MB with 413 and its sentence, and decodes none of them", async () => {
    const bytes = await bigPng;
    expect(bytes.length).toBeGreaterThan(MAX_PHOTO_BYTES);
    const pastLimit = [bytes, bytes.subarray(0, MAX_PHOTO_BYTES + 1), Buffer.concat([bytes, bytes])];
    for (const body of pastLimit) {
      // A fresh person each time: the hourly upload limit is not what is tested here.
      const user = await registerUser(app);
      const peakBefore = photoDecodes.peak;
      // Whole, and cut exactly at the limit (where the reader used to hand back the first 5 MB).
      const results = await Promise.all([
        upload(user.cookie, body),
        upload(user.cookie, body, MAX_PHOTO_BYTES),
      ]);
      for (const res of results) {
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ message: "That photo is larger than 5 MB.", field: "photo" });
      }
      expect(await filesOf(user.id)).toEqual([]);
      expect(photoDecodes.peak).toBe(peakBefore);
    }
  });

  it("lets one person upload 3 photos an hour, then answers 429 with the wait", async () => {
    const user = await registerUser(app);
    const png = await smallPng();
    for (let i = 0; i < 3; i++) expect((await upload(user.cookie, png)).statusCode).toBe(200);
    const refused = await upload(user.cookie, png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You have uploaded a lot of photos in a short time. Please try again in 60 minutes.",
    );
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    // Someone else is not held back.
    expect((await upload((await registerUser(app)).cookie, png)).statusCode).toBe(200);
  });

  it("decodes at most two photos at once, however many arrive together", async () => {
    const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: "#0af" } })
      .png()
      .toBuffer();
    const people = await Promise.all(Array.from({ length: 8 }, () => registerUser(app)));
    const results = await Promise.all(people.map((p) => upload(p.cookie, png)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(photoDecodes.peak).toBe(2);
  });

  it("answers 401, not 500, to an upload that lands after its account was deleted, and keeps no file", async () => {
    const user = await registerUser(app);
    // Hold both decode slots, so the upload waits between its sign-in check and its write.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = [photoDecodes.run(() => gate), photoDecodes.run(() => gate)];
    const pending = upload(user.cookie, await smallPng());
    await expect.poll(() => photoDecodes.queued).toBe(1);
    const deleted = await app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: { cookie: user.cookie },
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    release();
    await Promise.all(holders);
    const res = await pending;
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Please sign in to continue.");
    expect(await filesOf(user.id)).toEqual([]);
  });
});
