CREATE TABLE "hrms_attendance_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"weekly_hours" numeric(4, 2) DEFAULT '40' NOT NULL,
	"late_after_minutes" integer DEFAULT 600 NOT NULL,
	CONSTRAINT "hrms_attendance_settings_entity_key" UNIQUE("entity_id"),
	CONSTRAINT "hrms_attendance_settings_weekly_hours_check" CHECK ("hrms_attendance_settings"."weekly_hours" >= 1),
	CONSTRAINT "hrms_attendance_settings_late_after_check" CHECK ("hrms_attendance_settings"."late_after_minutes" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "hrms_time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" uuid NOT NULL,
	"timesheet_id" uuid NOT NULL,
	"clock_in" timestamp with time zone NOT NULL,
	"clock_out" timestamp with time zone,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "hrms_time_entries_order_check" CHECK ("hrms_time_entries"."clock_out" is null or "hrms_time_entries"."clock_out" >= "hrms_time_entries"."clock_in"),
	CONSTRAINT "hrms_time_entries_break_check" CHECK ("hrms_time_entries"."break_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "hrms_timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "hrms_timesheets_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "hrms_timesheets_employee_week_key" UNIQUE("employee_id","week_start"),
	CONSTRAINT "hrms_timesheets_status_check" CHECK ("hrms_timesheets"."status" in ('draft', 'submitted', 'approved', 'returned')),
	CONSTRAINT "hrms_timesheets_week_start_check" CHECK (extract(isodow from "hrms_timesheets"."week_start") = 1)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_category_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_category_check";--> statement-breakpoint
ALTER TABLE "hrms_attendance_settings" ADD CONSTRAINT "hrms_attendance_settings_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_time_entries" ADD CONSTRAINT "hrms_time_entries_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_time_entries" ADD CONSTRAINT "hrms_time_entries_employee_fk" FOREIGN KEY ("employee_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_time_entries" ADD CONSTRAINT "hrms_time_entries_timesheet_fk" FOREIGN KEY ("timesheet_id","entity_id") REFERENCES "public"."hrms_timesheets"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_timesheets" ADD CONSTRAINT "hrms_timesheets_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_timesheets" ADD CONSTRAINT "hrms_timesheets_employee_fk" FOREIGN KEY ("employee_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hrms_time_entries_open_key" ON "hrms_time_entries" USING btree ("employee_id") WHERE "hrms_time_entries"."clock_out" is null;--> statement-breakpoint
CREATE INDEX "hrms_time_entries_timesheet_idx" ON "hrms_time_entries" USING btree ("timesheet_id","clock_in");--> statement-breakpoint
CREATE INDEX "hrms_time_entries_entity_clock_in_idx" ON "hrms_time_entries" USING btree ("entity_id","clock_in");--> statement-breakpoint
CREATE INDEX "hrms_timesheets_scope_week_idx" ON "hrms_timesheets" USING btree ("company_id","entity_id","week_start" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_category_check" CHECK ("notification_preferences"."category" in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding', 'timesheets'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding', 'timesheets'));--> statement-breakpoint
-- Hand-written from here: module tables like the payroll ones (0033), the policy in the form of
-- 0016 (company AND entity, each setting read once per statement). The notification categories
-- above gain 'timesheets' (shared/notifications.ts).
GRANT SELECT, INSERT, UPDATE, DELETE ON "hrms_attendance_settings", "hrms_timesheets", "hrms_time_entries" TO app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['hrms_attendance_settings', 'hrms_timesheets', 'hrms_time_entries'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY module_scope ON %I
      USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
        AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))
      WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
        AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))$p$, t);
  END LOOP;
END $$;
