-- The Employee Portal (issue 34): an employee corrects their own personal contact details. Empty
-- text, not null, means "not given" (as job_title and department). No new table, so no policy:
-- the columns live under hrms_employees' module_scope policy already.
ALTER TABLE "hrms_employees" ADD COLUMN "personal_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hrms_employees" ADD COLUMN "address" text DEFAULT '' NOT NULL;
