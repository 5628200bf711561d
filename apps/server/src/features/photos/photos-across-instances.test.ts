import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photos } from "../../db/schema/media.ts";
import { matchUsers, topologies, useCluster } from "../../test/cluster.ts";

// Behind a load balancer the upload lands on one instance and the viewer's request on another: with
// PostgreSQL, the photo's bytes live in the database, not on the disk of the instance that took them.
describe.skipIf(!process.env.DATABASE_URL)("photos across instances (PostgreSQL only)", () => {
  const topology = topologies().at(-1) ?? "two instances, in-process bus";
  const cluster = useCluster(topology);

  async function register(i: number, name: string) {
    const res = await cluster.apps[i]?.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: name, password: "secret123", email: `${name}@example.com` },
    });
    if (res?.statusCode !== 201) throw new Error(`register ${res?.statusCode}`);
    const cookie = res.cookies.find((c) => c.name === "kindred_session");
    return { id: res.json().id as number, cookie: `kindred_session=${cookie?.value}` };
  }

  it("serves a photo uploaded through one instance from the other, out of the database", async () => {
    const tag = `${process.pid}`.slice(-5);
    const owner = await register(0, `owner${tag}`);
    const viewer = await register(1, `viewer${tag}`);
    const matchId = await matchUsers(cluster.db, owner.id, viewer.id);
    await cluster.db.execute(`update matches set are_photos_revealed = true where id = ${matchId}`);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const boundary = "----kindredacross";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const uploaded = await cluster.apps[0].inject({
      method: "POST",
      url: "/api/profile/photo",
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { cookie: owner.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode).toBe(200);
    const rows = await cluster.db.select({ key: photos.key, userId: photos.userId }).from(photos);
    expect(rows.filter((r) => r.userId === owner.id)).toHaveLength(1);
    const seen = await cluster.apps[1].inject({
      method: "GET",
      url: `/api/users/${owner.id}/photo`,
      headers: { cookie: viewer.cookie },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/webp");
    expect((await sharp(seen.rawPayload).metadata()).width).toBe(16);
  });
});
