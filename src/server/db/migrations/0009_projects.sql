CREATE TABLE "projects_members" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_members_pkey" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'planning' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"lead_id" uuid,
	"start_date" date,
	"due_date" date,
	"task_counter" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "projects_projects_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "projects_projects_entity_key_key" UNIQUE("entity_id","key"),
	CONSTRAINT "projects_projects_key_check" CHECK ("projects_projects"."key" ~ '^[A-Z]{2,6}$'),
	CONSTRAINT "projects_projects_status_check" CHECK ("projects_projects"."status" in ('planning', 'in_progress', 'review', 'completed')),
	CONSTRAINT "projects_projects_priority_check" CHECK ("projects_projects"."priority" in ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "projects_projects_dates_check" CHECK ("projects_projects"."due_date" is null or "projects_projects"."start_date" is null or "projects_projects"."due_date" >= "projects_projects"."start_date")
);
--> statement-breakpoint
CREATE TABLE "projects_task_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "projects_task_activity_kind_check" CHECK ("projects_task_activity"."kind" in ('created', 'updated', 'moved', 'commented'))
);
--> statement-breakpoint
CREATE TABLE "projects_task_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"assignee_id" uuid,
	"due_date" date,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"rank" text NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "projects_tasks_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "projects_tasks_project_number_key" UNIQUE("project_id","number"),
	CONSTRAINT "projects_tasks_status_check" CHECK ("projects_tasks"."status" in ('todo', 'in_progress', 'in_review', 'done')),
	CONSTRAINT "projects_tasks_priority_check" CHECK ("projects_tasks"."priority" in ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "projects_tasks_number_check" CHECK ("projects_tasks"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "projects_members" ADD CONSTRAINT "projects_members_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_members" ADD CONSTRAINT "projects_members_project_fk" FOREIGN KEY ("project_id","entity_id") REFERENCES "public"."projects_projects"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_members" ADD CONSTRAINT "projects_members_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_projects" ADD CONSTRAINT "projects_projects_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_projects" ADD CONSTRAINT "projects_projects_lead_fk" FOREIGN KEY ("lead_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_task_activity" ADD CONSTRAINT "projects_task_activity_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_task_activity" ADD CONSTRAINT "projects_task_activity_task_fk" FOREIGN KEY ("task_id","entity_id") REFERENCES "public"."projects_tasks"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_task_comments" ADD CONSTRAINT "projects_task_comments_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_task_comments" ADD CONSTRAINT "projects_task_comments_task_fk" FOREIGN KEY ("task_id","entity_id") REFERENCES "public"."projects_tasks"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_tasks" ADD CONSTRAINT "projects_tasks_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_tasks" ADD CONSTRAINT "projects_tasks_project_fk" FOREIGN KEY ("project_id","entity_id") REFERENCES "public"."projects_projects"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_tasks" ADD CONSTRAINT "projects_tasks_assignee_fk" FOREIGN KEY ("assignee_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_members_user_idx" ON "projects_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projects_projects_entity_name_idx" ON "projects_projects" USING btree ("entity_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_projects_company_name_idx" ON "projects_projects" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_projects_lead_idx" ON "projects_projects" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "projects_task_activity_task_idx" ON "projects_task_activity" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_task_comments_task_idx" ON "projects_task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_tasks_entity_number_idx" ON "projects_tasks" USING btree ("entity_id","number","id");--> statement-breakpoint
CREATE INDEX "projects_tasks_assignee_idx" ON "projects_tasks" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "projects_tasks_entity_due_idx" ON "projects_tasks" USING btree ("entity_id","due_date");--> statement-breakpoint
-- Hand-written from here (drizzle cannot express these).
-- Deleting a user unassigns their tasks and leaves their projects without a lead, instead of being refused.
ALTER TABLE "projects_projects" DROP CONSTRAINT "projects_projects_lead_fk";--> statement-breakpoint
ALTER TABLE "projects_projects" ADD CONSTRAINT "projects_projects_lead_fk" FOREIGN KEY ("lead_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("lead_id");--> statement-breakpoint
ALTER TABLE "projects_tasks" DROP CONSTRAINT "projects_tasks_assignee_fk";--> statement-breakpoint
ALTER TABLE "projects_tasks" ADD CONSTRAINT "projects_tasks_assignee_fk" FOREIGN KEY ("assignee_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("assignee_id");--> statement-breakpoint
-- Fractional ranks compare byte-wise, as they are made (not by the database's locale).
ALTER TABLE "projects_tasks" ALTER COLUMN "rank" TYPE text COLLATE "C";--> statement-breakpoint
-- A board column in rank order (and its per-column pages); the label filter.
CREATE INDEX "projects_tasks_board_idx" ON "projects_tasks" USING btree ("project_id","status","rank","id");--> statement-breakpoint
CREATE INDEX "projects_tasks_labels_idx" ON "projects_tasks" USING gin ("labels");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "projects_projects", "projects_members", "projects_tasks", "projects_task_comments", "projects_task_activity" TO app;--> statement-breakpoint
-- Module tables: the company AND one of the entities the tenant transaction allows for the
-- product (app.entity_ids, set by withModuleScope). Without the setting no row is visible.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['projects_projects', 'projects_members', 'projects_tasks', 'projects_task_comments', 'projects_task_activity'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY module_scope ON %I
      USING (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))
      WITH CHECK (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))$p$, t);
  END LOOP;
END
$$;
