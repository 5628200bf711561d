import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { reports } from "../../db/schema/reports.ts";
import { findUserById } from "../users/data.ts";

/**
 * A report keeps a copy of the reported person's voice intro as it was when reported, so that
 * re-recording or deleting it cannot remove what the moderator is to hear. The copy goes with their
 * account. (After the report's commit: the store may be disk, outside the transaction.)
 */
export async function keepVoiceEvidence(app: FastifyInstance, reportId: number, reportedId: number) {
  const voice = (await findUserById(app.db, reportedId))?.voiceIntro;
  const bytes = voice && (await app.voiceFiles.read(voice.key));
  if (!voice || !bytes) return;
  const key = await app.voiceFiles.save(reportedId, bytes);
  if (key)
    await app.db
      .update(reports)
      .set({ voiceEvidence: { ...voice, key } })
      .where(eq(reports.id, reportId));
}
