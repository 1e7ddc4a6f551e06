CREATE TABLE "hrms_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"work_email" text NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"manager_id" uuid,
	"employment_type" text NOT NULL,
	"start_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"end_date" date,
	"user_id" uuid,
	CONSTRAINT "hrms_employees_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "hrms_employees_entity_user_key" UNIQUE("entity_id","user_id"),
	CONSTRAINT "hrms_employees_employment_type_check" CHECK ("hrms_employees"."employment_type" in ('full_time', 'part_time', 'contractor')),
	CONSTRAINT "hrms_employees_status_check" CHECK ("hrms_employees"."status" in ('active', 'terminated')),
	CONSTRAINT "hrms_employees_end_date_check" CHECK (("hrms_employees"."status" = 'terminated') = ("hrms_employees"."end_date" is not null))
);
--> statement-breakpoint
CREATE TABLE "hrms_entity_setup" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hrms_leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" uuid NOT NULL,
	"leave_type_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_half" boolean DEFAULT false NOT NULL,
	"end_half" boolean DEFAULT false NOT NULL,
	"days" numeric(5, 1) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "hrms_leave_requests_status_check" CHECK ("hrms_leave_requests"."status" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "hrms_leave_requests_dates_check" CHECK ("hrms_leave_requests"."end_date" >= "hrms_leave_requests"."start_date"),
	CONSTRAINT "hrms_leave_requests_days_check" CHECK ("hrms_leave_requests"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "hrms_leave_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"allowance_days" integer NOT NULL,
	CONSTRAINT "hrms_leave_types_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "hrms_leave_types_allowance_check" CHECK ("hrms_leave_types"."allowance_days" between 0 and 366)
);
--> statement-breakpoint
ALTER TABLE "user_product_access" DROP CONSTRAINT "user_product_access_role_type_check";--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD CONSTRAINT "hrms_employees_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD CONSTRAINT "hrms_employees_manager_fk" FOREIGN KEY ("manager_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD CONSTRAINT "hrms_employees_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_entity_setup" ADD CONSTRAINT "hrms_entity_setup_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_leave_requests" ADD CONSTRAINT "hrms_leave_requests_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_leave_requests" ADD CONSTRAINT "hrms_leave_requests_employee_fk" FOREIGN KEY ("employee_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_leave_requests" ADD CONSTRAINT "hrms_leave_requests_leave_type_fk" FOREIGN KEY ("leave_type_id","entity_id") REFERENCES "public"."hrms_leave_types"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD CONSTRAINT "hrms_leave_types_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hrms_employees_company_email_key" ON "hrms_employees" USING btree ("company_id",lower("work_email"));--> statement-breakpoint
CREATE INDEX "hrms_employees_entity_name_idx" ON "hrms_employees" USING btree ("entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "hrms_employees_company_name_idx" ON "hrms_employees" USING btree ("company_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "hrms_employees_entity_created_idx" ON "hrms_employees" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hrms_employees_manager_idx" ON "hrms_employees" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "hrms_employees_user_idx" ON "hrms_employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hrms_leave_requests_employee_dates_idx" ON "hrms_leave_requests" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "hrms_leave_requests_entity_created_idx" ON "hrms_leave_requests" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hrms_leave_requests_entity_dates_idx" ON "hrms_leave_requests" USING btree ("entity_id","start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "hrms_leave_types_entity_name_key" ON "hrms_leave_types" USING btree ("entity_id",lower("name"));--> statement-breakpoint
ALTER TABLE "user_product_access" ADD CONSTRAINT "user_product_access_role_type_check" CHECK ("user_product_access"."role_type" in ('app_admin', 'member', 'viewer'));--> statement-breakpoint
-- Hand-written from here (drizzle cannot express these).
-- Deleting a user unlinks their employee record instead of being refused by it.
ALTER TABLE "hrms_employees" DROP CONSTRAINT "hrms_employees_user_fk";--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD CONSTRAINT "hrms_employees_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("user_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "hrms_entity_setup", "hrms_employees", "hrms_leave_types", "hrms_leave_requests" TO app;--> statement-breakpoint
-- Module tables: the company AND one of the entities the tenant transaction allows for the
-- product (app.entity_ids, set by withModuleScope). Without the setting no row is visible.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['hrms_entity_setup', 'hrms_employees', 'hrms_leave_types', 'hrms_leave_requests'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY module_scope ON %I
      USING (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))
      WITH CHECK (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))$p$, t);
  END LOOP;
END
$$;
