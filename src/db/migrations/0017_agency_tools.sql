CREATE TABLE "agency_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "agency_answers_position_check" CHECK ("agency_answers"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agency_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text,
	"content_version" integer,
	"retired" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar" text NOT NULL,
	"color" text NOT NULL,
	"button_title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_columns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text,
	"content_version" integer,
	"retired" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" uuid NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image" text,
	"color" text NOT NULL,
	"column_type" text DEFAULT 'editable' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "agency_columns_type_check" CHECK ("agency_columns"."column_type" in ('editable', 'noneditable'))
);
--> statement-breakpoint
CREATE TABLE "agency_content_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_hidden" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"category_id" uuid,
	"item_id" uuid,
	"column_id" uuid,
	"question_id" uuid,
	"hidden_by" uuid,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_hidden_one_check" CHECK (num_nonnulls("agency_hidden"."category_id", "agency_hidden"."item_id", "agency_hidden"."column_id", "agency_hidden"."question_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "agency_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text,
	"content_version" integer,
	"retired" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"recap" text,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"key" text,
	"content_version" integer,
	"retired" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"column_id" uuid NOT NULL,
	"question" text NOT NULL,
	"max_length" integer DEFAULT 500 NOT NULL,
	"num_of_answers" integer DEFAULT 1 NOT NULL,
	"add_answer" boolean DEFAULT false NOT NULL,
	CONSTRAINT "agency_questions_length_check" CHECK ("agency_questions"."max_length" between 1 and 5000),
	CONSTRAINT "agency_questions_answers_check" CHECK ("agency_questions"."num_of_answers" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "agenda_items" ADD COLUMN "agency_item_id" uuid;--> statement-breakpoint
ALTER TABLE "agency_answers" ADD CONSTRAINT "agency_answers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_answers" ADD CONSTRAINT "agency_answers_question_id_agency_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."agency_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_answers" ADD CONSTRAINT "agency_answers_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_categories" ADD CONSTRAINT "agency_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_categories" ADD CONSTRAINT "agency_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_columns" ADD CONSTRAINT "agency_columns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_columns" ADD CONSTRAINT "agency_columns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_columns" ADD CONSTRAINT "agency_columns_item_id_agency_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."agency_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_columns" ADD CONSTRAINT "agency_columns_parent_id_agency_columns_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."agency_columns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_hidden" ADD CONSTRAINT "agency_hidden_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_hidden" ADD CONSTRAINT "agency_hidden_category_id_agency_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."agency_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_hidden" ADD CONSTRAINT "agency_hidden_item_id_agency_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."agency_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_hidden" ADD CONSTRAINT "agency_hidden_column_id_agency_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."agency_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_hidden" ADD CONSTRAINT "agency_hidden_question_id_agency_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."agency_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_hidden" ADD CONSTRAINT "agency_hidden_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_items" ADD CONSTRAINT "agency_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_items" ADD CONSTRAINT "agency_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_items" ADD CONSTRAINT "agency_items_category_id_agency_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."agency_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_questions" ADD CONSTRAINT "agency_questions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_questions" ADD CONSTRAINT "agency_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_questions" ADD CONSTRAINT "agency_questions_column_id_agency_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."agency_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_answers_tenant_id_question_id_position_index" ON "agency_answers" USING btree ("tenant_id","question_id","position");--> statement-breakpoint
CREATE INDEX "agency_answers_question_id_index" ON "agency_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_categories_key_index" ON "agency_categories" USING btree ("key");--> statement-breakpoint
CREATE INDEX "agency_categories_tenant_id_sort_index" ON "agency_categories" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_columns_key_index" ON "agency_columns" USING btree ("key");--> statement-breakpoint
CREATE INDEX "agency_columns_item_id_sort_index" ON "agency_columns" USING btree ("item_id","sort");--> statement-breakpoint
CREATE INDEX "agency_columns_tenant_id_index" ON "agency_columns" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "agency_columns_parent_id_index" ON "agency_columns" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_hidden_tenant_id_category_id_index" ON "agency_hidden" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_hidden_tenant_id_item_id_index" ON "agency_hidden" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_hidden_tenant_id_column_id_index" ON "agency_hidden" USING btree ("tenant_id","column_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_hidden_tenant_id_question_id_index" ON "agency_hidden" USING btree ("tenant_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_items_key_index" ON "agency_items" USING btree ("key");--> statement-breakpoint
CREATE INDEX "agency_items_category_id_sort_index" ON "agency_items" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "agency_items_tenant_id_index" ON "agency_items" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_questions_key_index" ON "agency_questions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "agency_questions_column_id_sort_index" ON "agency_questions" USING btree ("column_id","sort");--> statement-breakpoint
CREATE INDEX "agency_questions_tenant_id_index" ON "agency_questions" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_agency_item_id_agency_items_id_fk" FOREIGN KEY ("agency_item_id") REFERENCES "public"."agency_items"("id") ON DELETE set null ON UPDATE no action;