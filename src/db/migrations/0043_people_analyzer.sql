CREATE TABLE "people_analyzer_bars" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"min_plus" integer DEFAULT 0 NOT NULL,
	"max_minus" integer DEFAULT 0 NOT NULL,
	"gwc_required" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "people_analyzer_bars_min_plus_check" CHECK ("people_analyzer_bars"."min_plus" between 0 and 20),
	CONSTRAINT "people_analyzer_bars_max_minus_check" CHECK ("people_analyzer_bars"."max_minus" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "people_analyzer_marks" (
	"rating_id" uuid NOT NULL,
	"core_value_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"mark" text NOT NULL,
	CONSTRAINT "people_analyzer_marks_rating_id_core_value_id_pk" PRIMARY KEY("rating_id","core_value_id"),
	CONSTRAINT "people_analyzer_marks_mark_check" CHECK ("people_analyzer_marks"."mark" in ('+', '+/-', '-'))
);
--> statement-breakpoint
CREATE TABLE "people_analyzer_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quarter" text NOT NULL,
	"gets_it" boolean,
	"wants_it" boolean,
	"capacity" boolean,
	"rated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_analyzer_ratings_person_quarter_unique" UNIQUE("tenant_id","user_id","quarter"),
	CONSTRAINT "people_analyzer_ratings_quarter_check" CHECK ("people_analyzer_ratings"."quarter" ~ '^[0-9]{4}-Q[1-4]$')
);
--> statement-breakpoint
ALTER TABLE "people_analyzer_bars" ADD CONSTRAINT "people_analyzer_bars_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_bars" ADD CONSTRAINT "people_analyzer_bars_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_marks" ADD CONSTRAINT "people_analyzer_marks_rating_id_people_analyzer_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."people_analyzer_ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_marks" ADD CONSTRAINT "people_analyzer_marks_core_value_id_core_values_id_fk" FOREIGN KEY ("core_value_id") REFERENCES "public"."core_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_marks" ADD CONSTRAINT "people_analyzer_marks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_ratings" ADD CONSTRAINT "people_analyzer_ratings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_ratings" ADD CONSTRAINT "people_analyzer_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_analyzer_ratings" ADD CONSTRAINT "people_analyzer_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_analyzer_ratings_tenant_id_quarter_index" ON "people_analyzer_ratings" USING btree ("tenant_id","quarter");