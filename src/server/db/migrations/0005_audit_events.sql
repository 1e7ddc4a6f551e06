CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_company_created_idx" ON "audit_events" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
-- Append-only for the application: the app role may add events and read its company's, never
-- change or remove one. Only the owner connection (the retention purge) deletes.
REVOKE ALL ON "audit_events" FROM app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "audit_events" TO app;
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_events_read ON "audit_events" FOR SELECT
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY audit_events_append ON "audit_events" FOR INSERT
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
