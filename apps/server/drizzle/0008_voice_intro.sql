CREATE TABLE "voice_files" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "voice_intro" jsonb;--> statement-breakpoint
ALTER TABLE "voice_files" ADD CONSTRAINT "voice_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_files_user_idx" ON "voice_files" USING btree ("user_id");