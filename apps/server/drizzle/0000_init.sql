CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"initiator_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone,
	"deadline" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration" integer,
	"call_day" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id_1" integer NOT NULL,
	"user_id_2" integer NOT NULL,
	"compatibility" integer NOT NULL,
	"match_date" timestamp with time zone DEFAULT now() NOT NULL,
	"call_count" integer DEFAULT 0 NOT NULL,
	"last_call_date" timestamp with time zone,
	"call_scheduled" boolean DEFAULT false NOT NULL,
	"scheduled_call_time" timestamp with time zone,
	"is_chat_unlocked" boolean DEFAULT false NOT NULL,
	"are_photos_revealed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"unmatched_by" integer,
	"unmatched_date" timestamp with time zone,
	CONSTRAINT "matches_ordered_pair" CHECK ("matches"."user_id_1" < "matches"."user_id_2")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"reported_id" integer,
	"match_id" integer,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"google_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_of_birth" text,
	"age" integer,
	"gender" text,
	"interested_genders" text[],
	"location" text,
	"bio" text,
	"age_preference_min" integer,
	"age_preference_max" integer,
	"photo_url" text,
	"avatar" text,
	"id_verification_image" text,
	"is_photo_revealed" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"profile_type" text DEFAULT 'basic' NOT NULL,
	"id_verified" boolean DEFAULT false NOT NULL,
	"id_verification_skipped" boolean DEFAULT false NOT NULL,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"questionnaire_step" integer DEFAULT 0 NOT NULL,
	"communication_style" text,
	"free_time_activities" text[],
	"values" text,
	"conflict_resolution" text,
	"love_language" text,
	"relationship_pace" text,
	"dealbreakers" text[],
	"call_preferences" jsonb
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user_id_1_users_id_fk" FOREIGN KEY ("user_id_1") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user_id_2_users_id_fk" FOREIGN KEY ("user_id_2") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_match_idx" ON "calls" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "calls_initiator_start_idx" ON "calls" USING btree ("initiator_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pair_idx" ON "matches" USING btree ("user_id_1","user_id_2");--> statement-breakpoint
CREATE INDEX "matches_user2_idx" ON "matches" USING btree ("user_id_2");--> statement-breakpoint
CREATE INDEX "messages_match_sent_idx" ON "messages" USING btree ("match_id","sent_at");--> statement-breakpoint
CREATE INDEX "notes_user_match_idx" ON "notes" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_idx" ON "users" USING btree ("google_sub");--> statement-breakpoint
CREATE INDEX "users_candidate_cover_idx" ON "users" USING btree ("gender","location","age","id","interested_genders","age_preference_min","age_preference_max","communication_style","values","conflict_resolution","love_language","relationship_pace") WHERE "users"."onboarding_completed";