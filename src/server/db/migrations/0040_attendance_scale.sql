-- Attendance at 10,000 employees (issue 34, bench figures H1-H3). Each list index leads with the
-- entity: row-level security's `entity_id = ANY (app.entity_ids)` is then a condition on the first
-- column, which keeps the index's order, and a page walks it and stops, instead of reading the
-- entity's rows and sorting them (with the company first, that condition on a later column made
-- the planner drop the ordered walk). Ascending, read backwards for the newest weeks first; the
-- company last, so that row-level security's check of it stays in the index (index-only scans).
DROP INDEX IF EXISTS "hrms_timesheets_scope_week_idx";--> statement-breakpoint
CREATE INDEX "hrms_timesheets_entity_week_idx" ON "hrms_timesheets" USING btree ("entity_id","week_start","id","company_id");--> statement-breakpoint
CREATE INDEX "hrms_timesheets_entity_status_week_idx" ON "hrms_timesheets" USING btree ("entity_id","status","week_start","id","company_id");--> statement-breakpoint
DROP INDEX IF EXISTS "hrms_time_entries_entity_clock_in_idx";--> statement-breakpoint
CREATE INDEX "hrms_time_entries_entity_clock_in_idx" ON "hrms_time_entries" USING btree ("entity_id","clock_in","employee_id","company_id");--> statement-breakpoint
-- Who is clocked in now: the entity's open entries by clock-in, not the closed weeks before them.
CREATE INDEX "hrms_time_entries_entity_open_idx" ON "hrms_time_entries" USING btree ("entity_id","clock_in","employee_id","company_id") WHERE "hrms_time_entries"."clock_out" is null;--> statement-breakpoint
-- A manager's reports and team (the self-service scope of every portal request): the manager
-- index holds the scope too, so the probe by manager is one index scan, not ANDed with a scan of
-- the whole entity's rows.
DROP INDEX IF EXISTS "hrms_employees_manager_idx";--> statement-breakpoint
CREATE INDEX "hrms_employees_manager_idx" ON "hrms_employees" USING btree ("manager_id","company_id","entity_id");
