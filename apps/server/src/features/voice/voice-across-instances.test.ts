import fs from "node:fs";
import { VOICE_PEAKS } from "@kindred/shared/voice";
import { describe, expect, it } from "vitest";
import { voiceFiles } from "../../db/schema/media.ts";
import { registerUser } from "../../test/app.ts";
import { matchUsers, topologies, useCluster } from "../../test/cluster.ts";

// The upload lands on one instance and the match listens through another: with PostgreSQL, the
// recording lives in the database, not on the disk of the instance that took it.
describe.skipIf(!process.env.DATABASE_URL)("voice intros across instances (PostgreSQL only)", () => {
  const topology = topologies().at(-1) ?? "two instances, in-process bus";
  const cluster = useCluster(topology);

  it("plays a voice intro saved through one instance from the other, out of the database", async () => {
    const [first, second] = cluster.apps;
    const owner = await registerUser(first);
    const listener = await registerUser(second);
    await matchUsers(cluster.db, owner.id, listener.id);
    const recording = fs.readFileSync(new URL("./container/fixtures/chromium-opus.webm", import.meta.url));
    const peaks = Array.from({ length: VOICE_PEAKS }, () => 50).join(",");
    const saved = await first.inject({
      method: "PUT",
      url: `/api/profile/voice?peaks=${peaks}`,
      payload: recording,
      headers: { cookie: owner.cookie, "content-type": "audio/webm" },
    });
    expect(saved.statusCode).toBe(200);
    const rows = await cluster.db.select({ userId: voiceFiles.userId }).from(voiceFiles);
    expect(rows.filter((r) => r.userId === owner.id)).toHaveLength(1);
    const heard = await second.inject({
      method: "GET",
      url: `/api/users/${owner.id}/voice`,
      headers: { cookie: listener.cookie, range: "bytes=0-3" },
    });
    expect(heard.statusCode).toBe(206);
    expect(heard.rawPayload.toString("hex")).toBe("1a45dfa3");
  });
});
