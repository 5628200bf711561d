-- Rows from before this column get the first call's length; new rows always set it.
ALTER TABLE "calls" ADD COLUMN "length_seconds" integer NOT NULL DEFAULT 300;--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "length_seconds" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "warned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_one_live_per_match" ON "calls" USING btree ("match_id") WHERE "calls"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "calls_live_idx" ON "calls" USING btree ("status","deadline") WHERE "calls"."status" in ('pending', 'active');