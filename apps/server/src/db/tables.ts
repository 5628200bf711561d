// Drizzle's relational client wants every table in one object; this is that object, nothing more.
import * as calls from "./schema/calls.ts";
import * as mail from "./schema/mail.ts";
import * as matches from "./schema/matches.ts";
import * as media from "./schema/media.ts";
import * as messages from "./schema/messages.ts";
import * as moderation from "./schema/moderation.ts";
import * as notes from "./schema/notes.ts";
import * as push from "./schema/push.ts";
import * as reports from "./schema/reports.ts";
import * as sessions from "./schema/sessions.ts";
import * as users from "./schema/users.ts";

export const tables = {
  ...users,
  ...sessions,
  ...matches,
  ...messages,
  ...calls,
  ...notes,
  ...reports,
  ...media,
  ...push,
  ...mail,
  ...moderation,
};
