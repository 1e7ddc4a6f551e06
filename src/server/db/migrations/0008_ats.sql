CREATE TABLE "ats_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"stage" text DEFAULT 'applied' NOT NULL,
	"rank" double precision NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"employee_id" uuid,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hired_at" timestamp with time zone,
	CONSTRAINT "ats_applications_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "ats_applications_job_candidate_key" UNIQUE("job_id","candidate_id"),
	CONSTRAINT "ats_applications_stage_check" CHECK ("ats_applications"."stage" in ('applied', 'review', 'phone_screen', 'technical_test', 'interview', 'final_round', 'offer', 'hired', 'rejected')),
	CONSTRAINT "ats_applications_hired_check" CHECK (("ats_applications"."stage" = 'hired') = ("ats_applications"."hired_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ats_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL,
	"search_last_name" text GENERATED ALWAYS AS (lower(last_name)) STORED NOT NULL,
	"search_email" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL,
	CONSTRAINT "ats_candidates_id_entity_id_key" UNIQUE("id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "ats_interviewers" (
	"interview_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"rating" integer,
	"notes" text,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "ats_interviewers_pkey" PRIMARY KEY("interview_id","user_id"),
	CONSTRAINT "ats_interviewers_feedback_check" CHECK (("ats_interviewers"."submitted_at" is null) = ("ats_interviewers"."rating" is null) and ("ats_interviewers"."rating" is null or "ats_interviewers"."rating" between 1 and 5))
);
--> statement-breakpoint
CREATE TABLE "ats_interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"application_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	CONSTRAINT "ats_interviews_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "ats_interviews_duration_check" CHECK ("ats_interviews"."duration_minutes" between 15 and 480)
);
--> statement-breakpoint
CREATE TABLE "ats_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"employment_type" text NOT NULL,
	"openings" integer DEFAULT 1 NOT NULL,
	"hiring_manager_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	CONSTRAINT "ats_jobs_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "ats_jobs_employment_type_check" CHECK ("ats_jobs"."employment_type" in ('full_time', 'part_time', 'contractor')),
	CONSTRAINT "ats_jobs_status_check" CHECK ("ats_jobs"."status" in ('draft', 'open', 'on_hold', 'closed')),
	CONSTRAINT "ats_jobs_openings_check" CHECK ("ats_jobs"."openings" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "ats_resumes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ats_resumes_candidate_key" UNIQUE("candidate_id"),
	CONSTRAINT "ats_resumes_size_check" CHECK ("ats_resumes"."size" between 1 and 5242880 and octet_length("ats_resumes"."content") = "ats_resumes"."size")
);
--> statement-breakpoint
CREATE TABLE "ats_stage_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"changed_by" uuid,
	"changed_by_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_job_fk" FOREIGN KEY ("job_id","entity_id") REFERENCES "public"."ats_jobs"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_candidate_fk" FOREIGN KEY ("candidate_id","entity_id") REFERENCES "public"."ats_candidates"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_employee_fk" FOREIGN KEY ("employee_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_candidates" ADD CONSTRAINT "ats_candidates_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_interviewers" ADD CONSTRAINT "ats_interviewers_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_interviewers" ADD CONSTRAINT "ats_interviewers_interview_fk" FOREIGN KEY ("interview_id","entity_id") REFERENCES "public"."ats_interviews"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_interviewers" ADD CONSTRAINT "ats_interviewers_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_interviews" ADD CONSTRAINT "ats_interviews_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_interviews" ADD CONSTRAINT "ats_interviews_application_fk" FOREIGN KEY ("application_id","entity_id") REFERENCES "public"."ats_applications"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_jobs" ADD CONSTRAINT "ats_jobs_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_jobs" ADD CONSTRAINT "ats_jobs_hiring_manager_fk" FOREIGN KEY ("hiring_manager_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_resumes" ADD CONSTRAINT "ats_resumes_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_resumes" ADD CONSTRAINT "ats_resumes_candidate_fk" FOREIGN KEY ("candidate_id","entity_id") REFERENCES "public"."ats_candidates"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_stage_history" ADD CONSTRAINT "ats_stage_history_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ats_stage_history" ADD CONSTRAINT "ats_stage_history_application_fk" FOREIGN KEY ("application_id","entity_id") REFERENCES "public"."ats_applications"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ats_applications_board_idx" ON "ats_applications" USING btree ("job_id","stage","rank","id");--> statement-breakpoint
CREATE INDEX "ats_applications_candidate_idx" ON "ats_applications" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "ats_applications_entity_stage_idx" ON "ats_applications" USING btree ("entity_id","stage");--> statement-breakpoint
CREATE INDEX "ats_applications_entity_hired_idx" ON "ats_applications" USING btree ("entity_id","hired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ats_candidates_entity_email_key" ON "ats_candidates" USING btree ("entity_id",lower("email"));--> statement-breakpoint
CREATE INDEX "ats_candidates_entity_created_idx" ON "ats_candidates" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ats_candidates_entity_name_idx" ON "ats_candidates" USING btree ("entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "ats_candidates_entity_search_name_idx" ON "ats_candidates" USING btree ("entity_id","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ats_candidates_entity_search_last_name_idx" ON "ats_candidates" USING btree ("entity_id","search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ats_candidates_entity_search_email_idx" ON "ats_candidates" USING btree ("entity_id","search_email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ats_interviewers_user_idx" ON "ats_interviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ats_interviews_entity_starts_idx" ON "ats_interviews" USING btree ("entity_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "ats_interviews_application_idx" ON "ats_interviews" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "ats_jobs_entity_created_idx" ON "ats_jobs" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ats_jobs_entity_title_idx" ON "ats_jobs" USING btree ("entity_id","title","id");--> statement-breakpoint
CREATE INDEX "ats_jobs_entity_status_idx" ON "ats_jobs" USING btree ("entity_id","status");--> statement-breakpoint
CREATE INDEX "ats_stage_history_application_idx" ON "ats_stage_history" USING btree ("application_id","changed_at");--> statement-breakpoint
-- Hand-written from here (drizzle cannot express these).
-- Deleting a user clears them as a job's hiring manager instead of being refused.
ALTER TABLE "ats_jobs" DROP CONSTRAINT "ats_jobs_hiring_manager_fk";--> statement-breakpoint
ALTER TABLE "ats_jobs" ADD CONSTRAINT "ats_jobs_hiring_manager_fk" FOREIGN KEY ("hiring_manager_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("hiring_manager_id");--> statement-breakpoint
-- Deleting an employee record (HRMS) unlinks the hire instead of being refused by it.
ALTER TABLE "ats_applications" DROP CONSTRAINT "ats_applications_employee_fk";--> statement-breakpoint
ALTER TABLE "ats_applications" ADD CONSTRAINT "ats_applications_employee_fk" FOREIGN KEY ("employee_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE SET NULL ("employee_id");--> statement-breakpoint
-- Résumés are PDFs (compressed already): kept out of line and uncompressed, so a download's
-- substring() reads only the pages of its slice.
ALTER TABLE "ats_resumes" ALTER COLUMN "content" SET STORAGE EXTERNAL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "ats_jobs", "ats_candidates", "ats_resumes", "ats_applications", "ats_interviews", "ats_interviewers" TO app;--> statement-breakpoint
-- The stage history is append-only for the app role (who moved what, when).
GRANT SELECT, INSERT ON "ats_stage_history" TO app;--> statement-breakpoint
-- Module tables: the company AND one of the entities the tenant transaction allows for the
-- product (app.entity_ids, set by withModuleScope). Without the setting no row is visible.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ats_jobs', 'ats_candidates', 'ats_resumes', 'ats_applications', 'ats_stage_history', 'ats_interviews', 'ats_interviewers'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY module_scope ON %I
      USING (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))
      WITH CHECK (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))$p$, t);
  END LOOP;
END
$$;
