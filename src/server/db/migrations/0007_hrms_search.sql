ALTER TABLE "hrms_employees" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (lower(last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD COLUMN "search_email" text GENERATED ALWAYS AS (lower(work_email)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "hrms_employees_entity_search_name_idx" ON "hrms_employees" USING btree ("entity_id","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "hrms_employees_entity_search_last_name_idx" ON "hrms_employees" USING btree ("entity_id","search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "hrms_employees_entity_search_email_idx" ON "hrms_employees" USING btree ("entity_id","search_email" text_pattern_ops);