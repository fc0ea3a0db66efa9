-- The calendar reads a day's first cards by title (whatever its case) through the index instead of sorting the day (decision 071).
DROP INDEX "tasks_due_date_index";--> statement-breakpoint
CREATE INDEX "tasks_due_date_title_index" ON "tasks" USING btree ("tenant_id","due_date",lower("title"),"id") WHERE "tasks"."due_date" is not null;