CREATE TABLE "hrms_pay_component_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"component_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"amount_minor" bigint,
	"percent" numeric(7, 4),
	CONSTRAINT "hrms_pay_component_assignments_employee_component_key" UNIQUE("employee_id","component_id")
);
--> statement-breakpoint
CREATE TABLE "hrms_pay_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint,
	"percent" numeric(7, 4),
	CONSTRAINT "hrms_pay_components_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "hrms_pay_components_kind_check" CHECK ("hrms_pay_components"."kind" in ('earning', 'deduction_pre_tax', 'deduction_post_tax', 'employer_contribution')),
	CONSTRAINT "hrms_pay_components_method_check" CHECK (("hrms_pay_components"."method" = 'fixed' and "hrms_pay_components"."amount_minor" is not null and "hrms_pay_components"."percent" is null) or ("hrms_pay_components"."method" = 'percent' and "hrms_pay_components"."percent" is not null and "hrms_pay_components"."amount_minor" is null and "hrms_pay_components"."kind" <> 'earning') or ("hrms_pay_components"."method" = 'one_off' and "hrms_pay_components"."kind" = 'earning' and "hrms_pay_components"."amount_minor" is null and "hrms_pay_components"."percent" is null))
);
--> statement-breakpoint
ALTER TABLE "hrms_pay_run_lines" ADD COLUMN "earnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_pay_runs" ADD COLUMN "bonuses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_payroll_settings" ADD COLUMN "overtime_multiplier" numeric(4, 2) DEFAULT '1.5' NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_pay_component_assignments" ADD CONSTRAINT "hrms_pay_component_assignments_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_pay_component_assignments" ADD CONSTRAINT "hrms_pay_component_assignments_component_fk" FOREIGN KEY ("component_id","entity_id") REFERENCES "public"."hrms_pay_components"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_pay_component_assignments" ADD CONSTRAINT "hrms_pay_component_assignments_employee_fk" FOREIGN KEY ("employee_id","entity_id") REFERENCES "public"."hrms_employees"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hrms_pay_components" ADD CONSTRAINT "hrms_pay_components_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hrms_pay_component_assignments_component_idx" ON "hrms_pay_component_assignments" USING btree ("component_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hrms_pay_components_entity_name_key" ON "hrms_pay_components" USING btree ("entity_id",lower("name"));--> statement-breakpoint
ALTER TABLE "hrms_payroll_settings" ADD CONSTRAINT "hrms_payroll_settings_overtime_multiplier_check" CHECK ("hrms_payroll_settings"."overtime_multiplier" >= 1);--> statement-breakpoint
-- Hand-written from here: module tables like the payroll tables of 0033, the same policy.
GRANT SELECT, INSERT, UPDATE, DELETE ON "hrms_pay_components", "hrms_pay_component_assignments" TO app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['hrms_pay_components', 'hrms_pay_component_assignments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY module_scope ON %I
      USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
        AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))
      WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
        AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))$p$, t);
  END LOOP;
END $$;
