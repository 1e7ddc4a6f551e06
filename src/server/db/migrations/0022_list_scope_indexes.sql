-- Every module list's sort index leads with (company_id, entity_id), as the boards' do (0019,
-- 0020). A list page names its company and entity (scopeCondition), and row-level security adds
-- the same two columns from the transaction's settings; the planner cannot estimate the policy's
-- conditions and expects a handful of rows. With only the entity in the index, the company was a
-- filter, and when the expected rows fell below a page the planner preferred reading the whole
-- entity and sorting it: 100 to 300 ms at a 100,000-employee or 200,000-contact entity (bench
-- figure 7c on PGlite, where it came and went between runs with ANALYZE's sample). With all of
-- them index conditions, the ordered walk that stops after a page is the cheapest plan whatever
-- the estimate: on PGlite (PostgreSQL 18), with the estimate forced down to 13 rows, 0.4 ms
-- against 200 ms. PostgreSQL before 17 treats the policy's `= any` on the index's second column
-- as unordering the scan, so there a bad estimate still sorts (211 ms against 307 ms); its
-- estimates have been right so far (figure 7a).
DROP INDEX "ats_candidates_entity_created_idx";--> statement-breakpoint
DROP INDEX "ats_candidates_entity_name_idx";--> statement-breakpoint
DROP INDEX "ats_jobs_entity_created_idx";--> statement-breakpoint
DROP INDEX "ats_jobs_entity_title_idx";--> statement-breakpoint
DROP INDEX "crm_clients_entity_name_idx";--> statement-breakpoint
DROP INDEX "crm_clients_entity_created_idx";--> statement-breakpoint
DROP INDEX "crm_clients_entity_activity_idx";--> statement-breakpoint
DROP INDEX "crm_contacts_entity_name_idx";--> statement-breakpoint
DROP INDEX "crm_contacts_entity_created_idx";--> statement-breakpoint
DROP INDEX "crm_leads_entity_name_idx";--> statement-breakpoint
DROP INDEX "crm_leads_entity_created_idx";--> statement-breakpoint
DROP INDEX "crm_opportunities_entity_name_idx";--> statement-breakpoint
DROP INDEX "crm_opportunities_entity_created_idx";--> statement-breakpoint
DROP INDEX "hrms_employees_entity_name_idx";--> statement-breakpoint
DROP INDEX "hrms_employees_entity_created_idx";--> statement-breakpoint
DROP INDEX "hrms_leave_requests_entity_created_idx";--> statement-breakpoint
DROP INDEX "projects_projects_entity_name_idx";--> statement-breakpoint
DROP INDEX "projects_tasks_entity_number_idx";--> statement-breakpoint
CREATE INDEX "ats_candidates_scope_created_idx" ON "ats_candidates" USING btree ("company_id","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ats_candidates_scope_name_idx" ON "ats_candidates" USING btree ("company_id","entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "ats_jobs_scope_created_idx" ON "ats_jobs" USING btree ("company_id","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ats_jobs_scope_title_idx" ON "ats_jobs" USING btree ("company_id","entity_id","title","id");--> statement-breakpoint
CREATE INDEX "crm_clients_scope_name_idx" ON "crm_clients" USING btree ("company_id","entity_id","name","id");--> statement-breakpoint
CREATE INDEX "crm_clients_scope_created_idx" ON "crm_clients" USING btree ("company_id","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_clients_scope_activity_idx" ON "crm_clients" USING btree ("company_id","entity_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_scope_name_idx" ON "crm_contacts" USING btree ("company_id","entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_scope_created_idx" ON "crm_contacts" USING btree ("company_id","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_leads_scope_name_idx" ON "crm_leads" USING btree ("company_id","entity_id","name","id");--> statement-breakpoint
CREATE INDEX "crm_leads_scope_created_idx" ON "crm_leads" USING btree ("company_id","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_scope_name_idx" ON "crm_opportunities" USING btree ("company_id","entity_id","name","id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_scope_created_idx" ON "crm_opportunities" USING btree ("company_id","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hrms_employees_scope_name_idx" ON "hrms_employees" USING btree ("company_id","entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "hrms_employees_scope_created_idx" ON "hrms_employees" USING btree ("company_id","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hrms_leave_requests_scope_created_idx" ON "hrms_leave_requests" USING btree ("company_id","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_projects_scope_name_idx" ON "projects_projects" USING btree ("company_id","entity_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_tasks_scope_number_idx" ON "projects_tasks" USING btree ("company_id","entity_id","number","id");