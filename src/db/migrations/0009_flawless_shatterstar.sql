CREATE TABLE "org_chart_seat_images" (
	"seat_id" uuid PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_chart_seat_users" (
	"seat_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	CONSTRAINT "org_chart_seat_users_seat_id_user_id_pk" PRIMARY KEY("seat_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "org_chart_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"parent_id" uuid,
	"row" integer NOT NULL,
	"seat_number" integer NOT NULL,
	"color" text NOT NULL,
	"job_title" text NOT NULL,
	"description" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "org_chart_seats_place_unique" UNIQUE("tenant_id","row","seat_number"),
	CONSTRAINT "org_chart_seats_seat_number_check" CHECK ("org_chart_seats"."seat_number" between 1 and 20),
	CONSTRAINT "org_chart_seats_row_check" CHECK ("org_chart_seats"."row" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "vision_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "vision_sections_kind_check" CHECK ("vision_sections"."kind" in ('text', 'quarterlyGoals', 'longTermIssues'))
);
--> statement-breakpoint
CREATE TABLE "vision_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"columns" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "vision_templates_columns_check" CHECK ("vision_templates"."columns" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "org_chart_seat_images" ADD CONSTRAINT "org_chart_seat_images_seat_id_org_chart_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."org_chart_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seat_users" ADD CONSTRAINT "org_chart_seat_users_seat_id_org_chart_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."org_chart_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seat_users" ADD CONSTRAINT "org_chart_seat_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seat_users" ADD CONSTRAINT "org_chart_seat_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seats" ADD CONSTRAINT "org_chart_seats_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seats" ADD CONSTRAINT "org_chart_seats_parent_id_org_chart_seats_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_chart_seats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seats" ADD CONSTRAINT "org_chart_seats_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_sections" ADD CONSTRAINT "vision_sections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_sections" ADD CONSTRAINT "vision_sections_template_id_vision_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."vision_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_sections" ADD CONSTRAINT "vision_sections_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_templates" ADD CONSTRAINT "vision_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vision_templates" ADD CONSTRAINT "vision_templates_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_chart_seat_users_tenant_id_index" ON "org_chart_seat_users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "org_chart_seats_parent_id_index" ON "org_chart_seats" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "vision_sections_template_id_sort_index" ON "vision_sections" USING btree ("template_id","sort");--> statement-breakpoint
CREATE INDEX "vision_sections_tenant_id_index" ON "vision_sections" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "vision_templates_tenant_id_title_index" ON "vision_templates" USING btree ("tenant_id","title");