CREATE TABLE "goal_cards" (
	"tenant_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	CONSTRAINT "goal_cards_goal_id_card_id_pk" PRIMARY KEY("goal_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "goal_kpis" (
	"tenant_id" uuid NOT NULL,
	"goal_id" uuid PRIMARY KEY NOT NULL,
	"score_id" uuid NOT NULL,
	"target" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_cards" ADD CONSTRAINT "goal_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_cards" ADD CONSTRAINT "goal_cards_goal_id_tasks_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_cards" ADD CONSTRAINT "goal_cards_card_id_tasks_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_kpis" ADD CONSTRAINT "goal_kpis_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_kpis" ADD CONSTRAINT "goal_kpis_goal_id_tasks_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_kpis" ADD CONSTRAINT "goal_kpis_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goal_cards_card_id_index" ON "goal_cards" USING btree ("card_id");