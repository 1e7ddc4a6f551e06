-- Leave that follows policies (issue 34): each leave type's accrual, carry-over and half days,
-- company holidays per entity, and each request's days per month (balances per year, carry-over
-- expiry and monthly accrual are read from them; see server/modules/hrms/leave-policy.ts).
CREATE TABLE "hrms_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "hrms_holidays_entity_date_key" UNIQUE("entity_id","date")
);
--> statement-breakpoint
ALTER TABLE "hrms_leave_requests" ADD COLUMN "days_by_month" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD COLUMN "accrual" text DEFAULT 'yearly' NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD COLUMN "carry_over_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD COLUMN "carry_over_expiry_months" integer;--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD COLUMN "half_days" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_holidays" ADD CONSTRAINT "hrms_holidays_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD CONSTRAINT "hrms_leave_types_accrual_check" CHECK ("hrms_leave_types"."accrual" in ('yearly', 'monthly'));--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD CONSTRAINT "hrms_leave_types_carry_over_check" CHECK ("hrms_leave_types"."carry_over_days" between 0 and 366);--> statement-breakpoint
ALTER TABLE "hrms_leave_types" ADD CONSTRAINT "hrms_leave_types_carry_over_expiry_check" CHECK ("hrms_leave_types"."carry_over_expiry_months" between 1 and 12);--> statement-breakpoint
-- Hand-written from here. Requests made before this migration were counted Monday to Friday
-- within one year (no holidays): their days per month are counted the same way, so each
-- request's months add up to its days.
UPDATE "hrms_leave_requests" r SET "days_by_month" = COALESCE((
  SELECT jsonb_object_agg(m.month, m.days)
  FROM (
    SELECT to_char(d, 'YYYY-MM') AS month,
      sum(CASE WHEN d = r.start_date AND r.start_half THEN 0.5 WHEN d = r.end_date AND r.end_half THEN 0.5 ELSE 1 END) AS days
    FROM generate_series(r.start_date, r.end_date, interval '1 day') AS g(d)
    WHERE extract(isodow FROM d) < 6
    GROUP BY 1
  ) m
), '{}'::jsonb);
--> statement-breakpoint
-- A module table like the other HRMS tables (0006), with the policy in the form of 0016 (each
-- setting read once per statement): the holidays of an entity are a handful of rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "hrms_holidays" TO app;
--> statement-breakpoint
ALTER TABLE "hrms_holidays" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY module_scope ON "hrms_holidays"
  USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
    AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))
  WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
    AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]));
