-- The HRMS lists' sort indexes lead with (company_id, entity_id), as the boards' do (0019, 0020).
-- A directory page names its company and entity (scopeCondition), and row-level security adds the
-- same two columns from the transaction's settings; the planner cannot estimate the policy's
-- conditions and expects a handful of rows. With only the entity in the index, the company was a
-- filter, and when the expected rows fell below a page the planner preferred reading the whole
-- entity and sorting it (bench figure 7c on PGlite came and went between runs with ANALYZE's
-- sample). With all of them index conditions, the ordered walk that stops after a page is the
-- cheapest plan whatever the estimate: on PGlite (PostgreSQL 18), with the estimate forced down to
-- 13 rows, 0.4 ms against 200 ms for the first page of a 100,000-employee entity. (PostgreSQL
-- before 17 treats the policy's `= any` on the second column as unordering the scan, so there a
-- bad estimate still sorts; its estimates have been right so far: figure 7a.)
-- Not done for the other modules' lists: moved the same way, with or without their search
-- indexes, the CRM contacts and ATS candidates searches planned as a filter over the whole entity
-- (bench figures C1 and A2: 19 ms → 216 and 434 ms, 13 ms → 122 and 84 ms).
DROP INDEX "hrms_employees_entity_name_idx";--> statement-breakpoint
DROP INDEX "hrms_employees_entity_created_idx";--> statement-breakpoint
DROP INDEX "hrms_leave_requests_entity_created_idx";--> statement-breakpoint
CREATE INDEX "hrms_employees_scope_name_idx" ON "hrms_employees" USING btree ("company_id","entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "hrms_employees_scope_created_idx" ON "hrms_employees" USING btree ("company_id","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hrms_leave_requests_scope_created_idx" ON "hrms_leave_requests" USING btree ("company_id","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);