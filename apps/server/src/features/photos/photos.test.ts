import type { MatchStatus } from "@kindred/shared/matches";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { matches } from "../../db/schema/matches.ts";
import { createTestApp, registerUser } from "../../test/app.ts";

const { app, db } = await createTestApp();

/** A small JPEG carrying EXIF with GPS coordinates, like a phone photo. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0ffee" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhonyPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

function multipart(bytes: Buffer, filename = "me.jpg", type = "image/jpeg") {
  const boundary = "----kindredtest";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(cookie: string, bytes: Buffer, filename?: string, type?: string) {
  const body = multipart(bytes, filename, type);
  return app.inject({
    method: "POST",
    url: "/api/profile/photo",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

const view = (userId: number | string, cookie: string) =>
  app.inject({ method: "GET", url: `/api/users/${userId}/photo`, headers: { cookie } });

async function pair(revealed: boolean, status: MatchStatus = "active") {
  const a = await registerUser(app);
  const b = await registerUser(app);
  await upload(a.cookie, await jpegWithGps());
  await db
    .insert(matches)
    .values({ userId1: a.id, userId2: b.id, compatibility: 80, arePhotosRevealed: revealed, status });
  return { a, b };
}

describe("profile photos", () => {
  it("re-encodes the upload with its EXIF/GPS stripped and serves it to the owner", async () => {
    const owner = await registerUser(app);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(owner.cookie, original);
    expect(res.statusCode).toBe(200);
    expect(res.json().photoUrl).toBe(`/api/users/${owner.id}/photo`);
    const served = await view(owner.id, owner.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
  });

  it("refuses what is not a JPEG, PNG or WebP, whatever it claims to be", async () => {
    const owner = await registerUser(app);
    const res = await upload(owner.cookie, Buffer.from("GIF89a not really"), "x.jpg", "image/jpeg");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please upload a JPEG, PNG or WebP image.");
  });

  it("refuses a photo over 5 MB", async () => {
    const owner = await registerUser(app);
    const res = await upload(owner.cookie, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
  });

  it("refuses an empty file, a cut-short image and one with too many pixels with a 400 that says which", async () => {
    const owner = await registerUser(app);
    const empty = await upload(owner.cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please upload a JPEG, PNG or WebP image.");

    // Noise does not compress, so half the file is half the pixel data: the header alone is intact.
    const noise = Buffer.from(Array.from({ length: 200 * 150 * 3 }, (_, i) => (i * 7919) % 251));
    const jpeg = await sharp(noise, { raw: { width: 200, height: 150, channels: 3 } })
      .jpeg()
      .toBuffer();
    const cut = await upload(owner.cookie, jpeg.subarray(0, jpeg.length >> 1));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/could not be read/);

    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const tooBig = await upload(owner.cookie, huge, "huge.png", "image/png");
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toMatch(/dimensions are too large.*40 megapixels/);

    expect(
      (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: owner.cookie } })).json(),
    ).toMatchObject({ photoUrl: null });
  });

  it("says an upload cut off mid-body did not arrive, rather than that it was too large", async () => {
    const owner = await registerUser(app);
    const { payload, headers } = multipart(await jpegWithGps());
    const res = await app.inject({
      method: "POST",
      url: "/api/profile/photo",
      payload: payload.subarray(0, payload.length - 30),
      headers: { ...headers, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The upload did not arrive complete. Please try again.");
  });

  it("answers 404, never 500, for a user id PostgreSQL's integer cannot hold", async () => {
    const owner = await registerUser(app);
    for (const id of ["2147483648", "99999999999", `0${owner.id}`]) {
      expect((await view(id, owner.cookie)).statusCode, id).toBe(404);
    }
  });

  // PGlite has one connection, which serialises the two uploads whatever the code does: only
  // PostgreSQL can show the row lock at work.
  it.skipIf(!process.env.DATABASE_URL)(
    "leaves one file behind two uploads racing (a double click), the one the profile shows (PostgreSQL only)",
    async () => {
      const owner = await registerUser(app);
      const [first, second] = await Promise.all([
        upload(owner.cookie, await jpegWithGps()),
        upload(owner.cookie, await jpegWithGps()),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(await app.photos.keysOf(owner.id)).toHaveLength(1);
      expect((await view(owner.id, owner.cookie)).statusCode).toBe(200);
    },
  );

  it("hides the photo from a stranger (404)", async () => {
    const { a } = await pair(true);
    const stranger = await registerUser(app);
    expect((await view(a.id, stranger.cookie)).statusCode).toBe(404);
  });

  it("hides the photo from a match until photos are revealed", async () => {
    const { a, b } = await pair(false);
    expect((await view(a.id, b.cookie)).statusCode).toBe(404);
  });

  it("shows the photo to a match once revealed", async () => {
    const { a, b } = await pair(true);
    expect((await view(a.id, b.cookie)).statusCode).toBe(200);
  });

  it("hides it again once the pair is blocked", async () => {
    const { a, b } = await pair(true, "blocked");
    expect((await view(a.id, b.cookie)).statusCode).toBe(404);
  });

  it("removes the photo on request", async () => {
    const owner = await registerUser(app);
    await upload(owner.cookie, await jpegWithGps());
    const res = await app.inject({
      method: "DELETE",
      url: "/api/profile/photo",
      headers: { cookie: owner.cookie },
    });
    expect(res.json().photoUrl).toBeNull();
    expect((await view(owner.id, owner.cookie)).statusCode).toBe(404);
  });
});
