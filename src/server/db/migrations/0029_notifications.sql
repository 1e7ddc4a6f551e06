-- Notifications (issue 33): one row per recipient, written in the transaction of the change that
-- causes it (platform/notifications.ts); each person's preferences per category; one digest per
-- person and day. The outbox learns to hold messages the sender composes when it delivers them
-- (a notification's email, a digest), so what they say, and whether they go at all, is decided
-- under the stream rule at that moment.
CREATE TABLE "notification_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_day_key" UNIQUE("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"category" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"email_mode" text DEFAULT 'immediate' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("user_id","category"),
	CONSTRAINT "notification_preferences_category_check" CHECK ("notification_preferences"."category" in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding')),
	CONSTRAINT "notification_preferences_email_mode_check" CHECK ("notification_preferences"."email_mode" in ('immediate', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_id" uuid,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"product" text,
	"entity_id" uuid,
	"record_type" text,
	"record_id" uuid,
	"in_app" boolean DEFAULT true NOT NULL,
	"email_mode" text,
	"digest_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding')),
	CONSTRAINT "notifications_product_check" CHECK ("notifications"."product" is null or ("notifications"."product" in ('crm', 'ats', 'hrms', 'projects') and "notifications"."entity_id" is not null)),
	CONSTRAINT "notifications_email_mode_check" CHECK ("notifications"."email_mode" is null or "notifications"."email_mode" in ('immediate', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "digest_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_digest_id_notification_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."notification_digests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null and "notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("digest_id") WHERE "notifications"."digest_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_digest_pending_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."email_mode" = 'digest' and "notifications"."digest_id" is null and "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_digest_id_notification_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."notification_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_notification_idx" ON "email_outbox" USING btree ("notification_id") WHERE "email_outbox"."notification_id" is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_digest_idx" ON "email_outbox" USING btree ("digest_id") WHERE "email_outbox"."digest_id" is not null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_content_check" CHECK (num_nonnulls("email_outbox"."notification_id", "email_outbox"."digest_id") = 1 or ("email_outbox"."subject" is not null and "email_outbox"."text_body" is not null and "email_outbox"."html_body" is not null and num_nonnulls("email_outbox"."notification_id", "email_outbox"."digest_id") = 0));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed', 'skipped'));--> statement-breakpoint
-- Hand-written from here (drizzle cannot express these).
-- A person's notifications are company rows: the app role reads its company's (the services add
-- the recipient condition and the stream rule's access check), adds them in the change's
-- transaction and marks them read. It changes nothing else in them and deletes none.
GRANT SELECT, INSERT ON "notifications" TO app;
--> statement-breakpoint
GRANT UPDATE ("read_at") ON "notifications" TO app;
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notifications"
  USING ("company_id" = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid))
  WITH CHECK ("company_id" = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid));
--> statement-breakpoint
-- Preferences: read when notifying, read and written by their owner (the services check who).
GRANT SELECT, INSERT, UPDATE ON "notification_preferences" TO app;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notification_preferences"
  USING ("company_id" = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid))
  WITH CHECK ("company_id" = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid));
--> statement-breakpoint
-- Digests are claimed and composed by the server's jobs on the owner connection only.
REVOKE ALL ON "notification_digests" FROM app;
--> statement-breakpoint
ALTER TABLE "notification_digests" ENABLE ROW LEVEL SECURITY;
