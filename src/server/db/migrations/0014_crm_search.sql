DROP INDEX "crm_contacts_entity_email_idx";--> statement-breakpoint
DROP INDEX "crm_activities_client_idx";--> statement-breakpoint
DROP INDEX "crm_activities_contact_idx";--> statement-breakpoint
DROP INDEX "crm_activities_lead_idx";--> statement-breakpoint
DROP INDEX "crm_activities_opportunity_idx";--> statement-breakpoint
DROP INDEX "crm_clients_entity_created_idx";--> statement-breakpoint
DROP INDEX "crm_clients_entity_activity_idx";--> statement-breakpoint
DROP INDEX "crm_contacts_entity_created_idx";--> statement-breakpoint
DROP INDEX "crm_leads_entity_created_idx";--> statement-breakpoint
DROP INDEX "crm_opportunities_entity_stage_created_idx";--> statement-breakpoint
DROP INDEX "crm_opportunities_entity_created_idx";--> statement-breakpoint
ALTER TABLE "crm_clients" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_clients" ADD COLUMN "search_industry" text GENERATED ALWAYS AS (lower(industry)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (lower(last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "search_email" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD COLUMN "search_company_name" text GENERATED ALWAYS AS (lower(company_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD COLUMN "search_email" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "crm_clients_entity_search_name_idx" ON "crm_clients" USING btree ("entity_id","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_clients_entity_search_industry_idx" ON "crm_clients" USING btree ("entity_id","search_industry" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_search_name_idx" ON "crm_contacts" USING btree ("entity_id","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_search_last_name_idx" ON "crm_contacts" USING btree ("entity_id","search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_search_email_idx" ON "crm_contacts" USING btree ("entity_id","search_email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_entity_search_name_idx" ON "crm_leads" USING btree ("entity_id","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_entity_search_company_name_idx" ON "crm_leads" USING btree ("entity_id","search_company_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_leads_entity_search_email_idx" ON "crm_leads" USING btree ("entity_id","search_email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "crm_activities_client_idx" ON "crm_activities" USING btree ("client_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "crm_activities_contact_idx" ON "crm_activities" USING btree ("contact_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "crm_activities_lead_idx" ON "crm_activities" USING btree ("lead_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "crm_activities_opportunity_idx" ON "crm_activities" USING btree ("opportunity_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "crm_clients_entity_created_idx" ON "crm_clients" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_clients_entity_activity_idx" ON "crm_clients" USING btree ("entity_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_entity_created_idx" ON "crm_contacts" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_leads_entity_created_idx" ON "crm_leads" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_entity_stage_created_idx" ON "crm_opportunities" USING btree ("entity_id","stage","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_entity_created_idx" ON "crm_opportunities" USING btree ("entity_id","created_at","id");