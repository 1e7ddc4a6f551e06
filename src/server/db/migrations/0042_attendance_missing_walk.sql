-- Attendance's "missing" list at 10,000 employees (issue 34, bench figure H2). The list walks the
-- entity's employees by name and, for each, asks whether they have an entry that day or approved
-- leave over it, until it has 51. Each index below holds every column that walk reads, row-level
-- security's company and entity included, so the walk and both probes are index-only: no heap
-- page of employees, entries or leave is read (before: a heap fetch per entry and per leave row
-- found, about 30,000 buffers for the first page at the bench's big entity).
--
-- The employees by name, led by the entity (row-level security's `entity_id = ANY` then keeps the
-- order, see 0040), with the employment dates that "employed that day" reads.
CREATE INDEX "hrms_employees_entity_name_idx" ON "hrms_employees" USING btree ("entity_id","last_name","first_name","id","company_id","start_date","end_date");--> statement-breakpoint
-- An employee's entries by clock-in (0038), now with the id (the "first of the day" test of "in"
-- and "late") and the scope.
DROP INDEX IF EXISTS "hrms_time_entries_employee_clock_in_idx";--> statement-breakpoint
CREATE INDEX "hrms_time_entries_employee_clock_in_idx" ON "hrms_time_entries" USING btree ("employee_id","clock_in","id","entity_id","company_id");--> statement-breakpoint
-- An employee's approved leave by dates: whether they are away on a day.
CREATE INDEX "hrms_leave_requests_employee_approved_idx" ON "hrms_leave_requests" USING btree ("employee_id","start_date","end_date","entity_id","company_id") WHERE "hrms_leave_requests"."status" = 'approved';
