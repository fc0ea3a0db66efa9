-- A board's cards counted, by list and by owner, from the index alone (decision 072).
DROP INDEX "tasks_board_id_index";--> statement-breakpoint
CREATE INDEX "tasks_board_cards_index" ON "tasks" USING btree ("board_id","tenant_id","user_id","board_list_id","type","status");