-- Custom SQL migration file, put your code below! --
-- hand-written:
-- A board column's index also carries the columns the row-level security policy reads (company,
-- entity): counting a column and finding a page's ids become index-only scans, instead of a heap
-- visit per card of the column (a 20,000-task project: bench figure P1).
DROP INDEX "projects_tasks_board_idx";--> statement-breakpoint
CREATE INDEX "projects_tasks_board_idx" ON "projects_tasks" USING btree ("project_id","status","rank","id") INCLUDE ("company_id","entity_id");
