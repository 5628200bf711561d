import type { FastifyInstance } from "fastify";
import { mailOrigin } from "../../lib/public-origin.ts";
import { announceCall } from "../calls/events.ts";
import { announceMatchUpdated } from "../matches/events.ts";
import { type Decided, hideReportedByMany } from "./mutations.ts";

/**
 * After a decision commits: every instance forgets the person's cached row; a suspension or ban also
 * closes their sockets and ends their calls and matches on the other side's open pages, with the
 * neutral copy (nobody is told why); the statement mail goes at once.
 */
export async function announceDecision(app: FastifyInstance, { subject, restricted, ended }: Decided) {
  await app.sessions.changed(subject.id);
  if (restricted) {
    await app.realtime.endSessions(subject.id);
    for (const { match, ended: e } of ended) {
      if (e.call) await announceCall(app, e.call);
      await announceMatchUpdated(app, match);
    }
  }
  app.mail.kick();
}

/** After a report: the automatic hide, when enough people have reported them (see hideReportedByMany). */
export async function hideIfReportedByMany(app: FastifyInstance, reportedId: number) {
  const hidden = await hideReportedByMany(app.db, reportedId, {
    now: app.scheduleClock.now(),
    origin: mailOrigin(app.env),
  });
  if (!hidden) return;
  await app.sessions.changed(reportedId);
  app.mail.kick();
}
