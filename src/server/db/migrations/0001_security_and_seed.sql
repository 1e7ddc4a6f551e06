-- The role every tenant transaction switches to (SET LOCAL ROLE app): neither superuser nor
-- owner of any table, so the row-level security policies below apply to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app') THEN
    CREATE ROLE app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'app', 'MEMBER') THEN
    EXECUTE format('GRANT app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app;
--> statement-breakpoint
ALTER TABLE "companies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "companies"
  USING ("id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "organizations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "organizations"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "entities" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "entities"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "company_product_access" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "company_product_access"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "entity_product_access" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "entity_product_access"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "user_product_access" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "user_product_access"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
INSERT INTO "products" ("name", "type", "description") VALUES
  ('CRM', 'crm', 'Manage clients, contacts, leads and opportunities, and keep your sales pipeline moving.'),
  ('ATS', 'ats', 'Track requisitions, jobs, candidates and interviews from first contact to placement.'),
  ('HRMS', 'hrms', 'Run employees, onboarding, attendance, leaves, expenses and payroll in one place.'),
  ('Projects', 'projects', 'Plan projects, roadmaps and sprints, and track tickets on a kanban board.')
ON CONFLICT ("type") DO NOTHING;
