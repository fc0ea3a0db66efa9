CREATE TABLE "score_goal_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"score_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"goal" text NOT NULL,
	"score" text NOT NULL,
	"score_max" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "score_goal_periods_dates_check" CHECK ("score_goal_periods"."starts_on" <= "score_goal_periods"."ends_on"),
	CONSTRAINT "score_goal_periods_goal_check" CHECK ("score_goal_periods"."goal" in ('>=', '<=', '==', 'between')),
	CONSTRAINT "score_goal_periods_score_check" CHECK ("score_goal_periods"."score" ~ '^-?[0-9]+([.][0-9]+)?$'),
	CONSTRAINT "score_goal_periods_score_max_check" CHECK (("score_goal_periods"."goal" = 'between') = ("score_goal_periods"."score_max" is not null) and ("score_goal_periods"."score_max" is null or "score_goal_periods"."score_max" ~ '^-?[0-9]+([.][0-9]+)?$'))
);
--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_goal_check";--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_type_check";--> statement-breakpoint
ALTER TABLE "scores" ADD COLUMN "score_max" text;--> statement-breakpoint
ALTER TABLE "scores" ADD COLUMN "formula" text;--> statement-breakpoint
ALTER TABLE "scores" ADD COLUMN "display" text DEFAULT 'values' NOT NULL;--> statement-breakpoint
ALTER TABLE "scores" ADD COLUMN "rolling_periods" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "scores" ADD COLUMN "frequency" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "score_goal_periods" ADD CONSTRAINT "score_goal_periods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_goal_periods" ADD CONSTRAINT "score_goal_periods_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_goal_periods" ADD CONSTRAINT "score_goal_periods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_goal_periods_score_id_starts_on_index" ON "score_goal_periods" USING btree ("score_id","starts_on");--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_score_max_check" CHECK (("scores"."goal" = 'between') = ("scores"."score_max" is not null) and ("scores"."score_max" is null or "scores"."score_max" ~ '^-?[0-9]+([.][0-9]+)?$'));--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_display_check" CHECK ("scores"."display" in ('values', 'cumulative', 'rolling'));--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_rolling_periods_check" CHECK ("scores"."rolling_periods" between 2 and 52);--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_frequency_check" CHECK ("scores"."frequency" in ('weekly', 'monthly', 'quarterly'));--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_formula_check" CHECK ("scores"."formula" is null or length("scores"."formula") between 1 and 2000);--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_goal_check" CHECK ("scores"."goal" in ('>=', '<=', '==', 'between'));--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_type_check" CHECK ("scores"."type" in ('number', 'dollar', 'percentage', 'yesno', 'time'));