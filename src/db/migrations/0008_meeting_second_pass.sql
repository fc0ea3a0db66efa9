ALTER TABLE "agenda_items" ADD COLUMN "task_type" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "discussed_task_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_in_session_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "source_task_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_in_session_id_sessions_id_fk" FOREIGN KEY ("completed_in_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_task_id_tasks_id_fk" FOREIGN KEY ("source_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_completed_in_session_index" ON "tasks" USING btree ("completed_in_session_id") WHERE "tasks"."completed_in_session_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_source_task_index" ON "tasks" USING btree ("source_task_id") WHERE "tasks"."source_task_id" is not null;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_task_type_check" CHECK ("agenda_items"."task_type" is null or "agenda_items"."task_type" in ('2', '3', '4'));--> statement-breakpoint
-- The default agenda's Headlines and Issues steps (free activities until now) show their lists.
UPDATE "agenda_items" SET "key_name" = 'to_do_list', "task_type" = '3' WHERE "key_name" = 'free_activity' AND "title" = 'Headlines';--> statement-breakpoint
UPDATE "agenda_items" SET "key_name" = 'to_do_list', "task_type" = '2' WHERE "key_name" = 'free_activity' AND "title" = 'Issues';
