DROP INDEX "users_candidate_cover_idx";--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "receiver_seen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "scheduled_by" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "schedule_accepted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "matching_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_unseen_missed_idx" ON "calls" USING btree ("receiver_id") WHERE "calls"."status" in ('missed', 'rejected') and not "calls"."receiver_seen";--> statement-breakpoint
CREATE INDEX "users_candidate_cover_idx" ON "users" USING btree ("gender","location","age","id","interested_genders","age_preference_min","age_preference_max","communication_style","values","conflict_resolution","love_language","relationship_pace","profile_type") WHERE "users"."onboarding_completed" and not "users"."matching_paused";--> statement-breakpoint
-- Calls that ended before missed calls were shown are not news.
UPDATE "calls" SET "receiver_seen" = true;