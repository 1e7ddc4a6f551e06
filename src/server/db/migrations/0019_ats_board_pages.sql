-- A job's board (bench figure A1): the counts by stage and each column's page of ids read one
-- index, company, entity, job, stage, then rank order, so a page stops at its end instead of
-- reading and sorting its whole column. It replaces the index of the counts alone.
CREATE INDEX "ats_applications_scope_board_idx" ON "ats_applications" USING btree ("company_id","entity_id","job_id","stage","rank","id");--> statement-breakpoint
DROP INDEX "ats_applications_scope_job_stage_idx";
