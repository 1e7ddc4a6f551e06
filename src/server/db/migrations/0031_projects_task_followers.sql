-- Task followers (issue 33): who hears about a task's status changes. The creator, the assignee
-- and each commenter are added as they take part; anyone who may read the task may follow or
-- unfollow it. Access is checked when they are told (the notification platform), so a follower
-- who loses access stays listed but hears nothing.
CREATE TABLE "projects_task_followers" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_task_followers_pkey" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "projects_task_followers" ADD CONSTRAINT "projects_task_followers_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_task_followers" ADD CONSTRAINT "projects_task_followers_task_fk" FOREIGN KEY ("task_id","entity_id") REFERENCES "public"."projects_tasks"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects_task_followers" ADD CONSTRAINT "projects_task_followers_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_task_followers_user_idx" ON "projects_task_followers" USING btree ("user_id");--> statement-breakpoint
-- Hand-written from here: a module table like the other Projects tables (0009), with the policy
-- in the form of 0016 (each setting read once per statement).
GRANT SELECT, INSERT, DELETE ON "projects_task_followers" TO app;
--> statement-breakpoint
ALTER TABLE "projects_task_followers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY module_scope ON "projects_task_followers"
  USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
    AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))
  WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
    AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]));
