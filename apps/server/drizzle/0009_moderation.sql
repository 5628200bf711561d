CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"action" text NOT NULL,
	"subject_id" integer,
	"subject_username" text NOT NULL,
	"rule" text,
	"days" integer,
	"ends_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "moderation_statements" (
	"decision_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"appealable" boolean NOT NULL,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_decision_id" integer,
	CONSTRAINT "moderation_statements_token_unique" UNIQUE("token")
);
--> statement-breakpoint
DROP INDEX "users_candidate_cover_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "voice_evidence" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moderation_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moderation_notice" jsonb;--> statement-breakpoint
ALTER TABLE "moderation_statements" ADD CONSTRAINT "moderation_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_log_subject_idx" ON "moderation_log" USING btree ("subject_id","id");--> statement-breakpoint
CREATE INDEX "moderation_statements_open_appeal_idx" ON "moderation_statements" USING btree ("user_id") WHERE "moderation_statements"."appealed_at" is not null and "moderation_statements"."appeal_decision_id" is null;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("reported_id","created_at") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "users_candidate_cover_idx" ON "users" USING btree ("gender","location","age","id","interested_genders","age_preference_min","age_preference_max","communication_style","values","conflict_resolution","love_language","relationship_pace","profile_type") WHERE "users"."onboarding_completed" and not "users"."matching_paused" and not "users"."moderation_hold";--> statement-breakpoint
CREATE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'moderation_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "moderation_log"
	FOR EACH STATEMENT EXECUTE FUNCTION moderation_log_append_only();
