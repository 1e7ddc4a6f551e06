-- A project's board (bench figures P1, P2): its counts by status, each column's page of ids and a
-- move's neighbours read one index, company, entity, project, status, then rank order. The reads
-- name the company and entity, so the index gives the range and the order; it replaces the board
-- index of 0015, which led with the project.
CREATE INDEX "projects_tasks_scope_board_idx" ON "projects_tasks" USING btree ("company_id","entity_id","project_id","status","rank","id");--> statement-breakpoint
DROP INDEX "projects_tasks_board_idx";
