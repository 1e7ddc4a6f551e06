CREATE TABLE "crm_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"client_id" uuid,
	"contact_id" uuid,
	"lead_id" uuid,
	"opportunity_id" uuid,
	CONSTRAINT "crm_activities_type_check" CHECK ("crm_activities"."type" in ('note', 'call', 'meeting')),
	CONSTRAINT "crm_activities_one_target_check" CHECK (num_nonnulls("crm_activities"."client_id", "crm_activities"."contact_id", "crm_activities"."lead_id", "crm_activities"."opportunity_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "crm_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"status" text DEFAULT 'prospect' NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_clients_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "crm_clients_status_check" CHECK ("crm_clients"."status" in ('active', 'prospect', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"client_id" uuid,
	CONSTRAINT "crm_contacts_id_entity_id_key" UNIQUE("id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "crm_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"owner_id" uuid,
	"converted_at" timestamp with time zone,
	"converted_client_id" uuid,
	"converted_contact_id" uuid,
	"converted_opportunity_id" uuid,
	CONSTRAINT "crm_leads_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "crm_leads_status_check" CHECK ("crm_leads"."status" in ('new', 'contacted', 'qualified', 'disqualified')),
	CONSTRAINT "crm_leads_source_check" CHECK ("crm_leads"."source" in ('website', 'referral', 'event', 'outbound', 'other')),
	CONSTRAINT "crm_leads_converted_check" CHECK (("crm_leads"."converted_at" is null) = ("crm_leads"."converted_client_id" is null) and ("crm_leads"."converted_at" is null) = ("crm_leads"."converted_opportunity_id" is null))
);
--> statement-breakpoint
CREATE TABLE "crm_opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"client_id" uuid NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"expected_close_date" date,
	"owner_id" uuid,
	"stage" text DEFAULT 'prospecting' NOT NULL,
	"lost_reason" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "crm_opportunities_id_entity_id_key" UNIQUE("id","entity_id"),
	CONSTRAINT "crm_opportunities_stage_check" CHECK ("crm_opportunities"."stage" in ('prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost')),
	CONSTRAINT "crm_opportunities_amount_check" CHECK ("crm_opportunities"."amount_minor" >= 0),
	CONSTRAINT "crm_opportunities_closed_check" CHECK (("crm_opportunities"."stage" in ('closed_won', 'closed_lost')) = ("crm_opportunities"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_author_fk" FOREIGN KEY ("author_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_client_fk" FOREIGN KEY ("client_id","entity_id") REFERENCES "public"."crm_clients"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_contact_fk" FOREIGN KEY ("contact_id","entity_id") REFERENCES "public"."crm_contacts"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_lead_fk" FOREIGN KEY ("lead_id","entity_id") REFERENCES "public"."crm_leads"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_opportunity_fk" FOREIGN KEY ("opportunity_id","entity_id") REFERENCES "public"."crm_opportunities"("id","entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_owner_fk" FOREIGN KEY ("owner_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_client_fk" FOREIGN KEY ("client_id","entity_id") REFERENCES "public"."crm_clients"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_owner_fk" FOREIGN KEY ("owner_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_client_fk" FOREIGN KEY ("converted_client_id","entity_id") REFERENCES "public"."crm_clients"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_contact_fk" FOREIGN KEY ("converted_contact_id","entity_id") REFERENCES "public"."crm_contacts"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_opportunity_fk" FOREIGN KEY ("converted_opportunity_id","entity_id") REFERENCES "public"."crm_opportunities"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_entity_fk" FOREIGN KEY ("entity_id","company_id") REFERENCES "public"."entities"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_client_fk" FOREIGN KEY ("client_id","entity_id") REFERENCES "public"."crm_clients"("id","entity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_owner_fk" FOREIGN KEY ("owner_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_activities_client_idx" ON "crm_activities" USING btree ("client_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_activities_contact_idx" ON "crm_activities" USING btree ("contact_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_activities_lead_idx" ON "crm_activities" USING btree ("lead_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_activities_opportunity_idx" ON "crm_activities" USING btree ("opportunity_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_clients_entity_name_idx" ON "crm_clients" USING btree ("entity_id","name","id");--> statement-breakpoint
CREATE INDEX "crm_clients_entity_created_idx" ON "crm_clients" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_clients_entity_activity_idx" ON "crm_clients" USING btree ("entity_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_clients_owner_idx" ON "crm_clients" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_name_idx" ON "crm_contacts" USING btree ("entity_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_created_idx" ON "crm_contacts" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_email_idx" ON "crm_contacts" USING btree ("entity_id",lower("email"));--> statement-breakpoint
CREATE INDEX "crm_contacts_client_idx" ON "crm_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_leads_entity_name_idx" ON "crm_leads" USING btree ("entity_id","name","id");--> statement-breakpoint
CREATE INDEX "crm_leads_entity_created_idx" ON "crm_leads" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_leads_owner_idx" ON "crm_leads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_entity_stage_created_idx" ON "crm_opportunities" USING btree ("entity_id","stage","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_opportunities_entity_name_idx" ON "crm_opportunities" USING btree ("entity_id","name","id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_entity_created_idx" ON "crm_opportunities" USING btree ("entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_opportunities_entity_closed_idx" ON "crm_opportunities" USING btree ("entity_id","closed_at");--> statement-breakpoint
CREATE INDEX "crm_opportunities_client_idx" ON "crm_opportunities" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_owner_idx" ON "crm_opportunities" USING btree ("owner_id");
--> statement-breakpoint
-- Hand-written from here (drizzle cannot express these).
-- Deleting a user unassigns their CRM records (and keeps the activities they logged, with the
-- author's name) instead of being refused by them.
ALTER TABLE "crm_clients" DROP CONSTRAINT "crm_clients_owner_fk";--> statement-breakpoint
ALTER TABLE "crm_clients" ADD CONSTRAINT "crm_clients_owner_fk" FOREIGN KEY ("owner_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("owner_id");--> statement-breakpoint
ALTER TABLE "crm_leads" DROP CONSTRAINT "crm_leads_owner_fk";--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_owner_fk" FOREIGN KEY ("owner_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("owner_id");--> statement-breakpoint
ALTER TABLE "crm_opportunities" DROP CONSTRAINT "crm_opportunities_owner_fk";--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_owner_fk" FOREIGN KEY ("owner_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("owner_id");--> statement-breakpoint
ALTER TABLE "crm_activities" DROP CONSTRAINT "crm_activities_author_fk";--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_author_fk" FOREIGN KEY ("author_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE SET NULL ("author_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "crm_clients", "crm_contacts", "crm_leads", "crm_opportunities", "crm_activities" TO app;--> statement-breakpoint
-- Module tables: the company AND one of the entities the tenant transaction allows for the
-- product (app.entity_ids, set by withModuleScope). Without the setting no row is visible.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['crm_clients', 'crm_contacts', 'crm_leads', 'crm_opportunities', 'crm_activities'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY module_scope ON %I
      USING (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))
      WITH CHECK (company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
        AND entity_id = ANY (COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[]))$p$, t);
  END LOOP;
END
$$;
