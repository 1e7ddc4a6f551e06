-- ATS notifications (issue 33): interview invitations carry an iCalendar file whose SEQUENCE is
-- raised by each change; "Email the candidate" is the scheduler's choice; a cancelled interview
-- stays with its feedback; each interviewer is told once that their feedback is due; the outbox
-- keeps the calendar file of a message as it was when the change was made.
ALTER TABLE "ats_interviewers" ADD COLUMN "feedback_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ats_interviews" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ats_interviews" ADD COLUMN "email_candidate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ats_interviews" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
CREATE INDEX "ats_interviewers_feedback_due_idx" ON "ats_interviewers" USING btree ("interview_id") WHERE "ats_interviewers"."submitted_at" is null and "ats_interviewers"."feedback_reminded_at" is null;--> statement-breakpoint
-- Hand-written: interviews that ended before this release are not "due" now; without this, the
-- first round of the feedback-due job would remind people of every old interview at once.
UPDATE "ats_interviewers" AS p SET "feedback_reminded_at" = now()
FROM "ats_interviews" AS i
WHERE i."id" = p."interview_id" AND p."submitted_at" IS NULL
  AND i."starts_at" + make_interval(mins => i."duration_minutes") <= now();
