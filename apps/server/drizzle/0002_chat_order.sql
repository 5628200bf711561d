CREATE TABLE "chat_reads" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "last_message_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
-- Messages from before ordering and idempotency get both from what they have, then the columns are required.
ALTER TABLE "messages" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" text;--> statement-breakpoint
UPDATE "messages" SET "seq" = o."n", "client_id" = 'legacy-' || "messages"."id" FROM (SELECT "id", row_number() OVER (PARTITION BY "match_id" ORDER BY "sent_at", "id") AS "n" FROM "messages") o WHERE o."id" = "messages"."id";--> statement-breakpoint
UPDATE "matches" SET "last_message_seq" = m."seq", "last_message_at" = m."at" FROM (SELECT "match_id", max("seq") AS "seq", max("sent_at") AS "at" FROM "messages" GROUP BY "match_id") m WHERE m."match_id" = "matches"."id";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "client_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_match_seq_idx" ON "messages" USING btree ("match_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_idx" ON "messages" USING btree ("match_id","sender_id","client_id");