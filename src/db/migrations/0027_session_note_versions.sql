ALTER TABLE "sessions" ADD COLUMN "note_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "note_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_note_changed_by_users_id_fk" FOREIGN KEY ("note_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;