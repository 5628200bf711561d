import { customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One table of uploaded files; photos and voice intros each have one, alike but for the name. */
const mediaTable = (name: string) =>
  pgTable(
    name,
    {
      key: text("key").primaryKey(),
      userId: integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      bytes: bytea("bytes").notNull(),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_user_idx`).on(t.userId)],
  );
export type MediaTable = ReturnType<typeof mediaTable>;

/**
 * Uploaded bytes, when the database is the shared store (DATABASE_URL set): every instance serves
 * every file. Keyed like the files of the embedded disk store; they go with their user.
 */
export const photos = mediaTable("photos");
export const voiceFiles = mediaTable("voice_files");
