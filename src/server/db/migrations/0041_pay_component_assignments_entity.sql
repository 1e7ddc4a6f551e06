-- A pay run reads the entity's pay component assignments in one query (components.ts
-- loadRunExtras: `where entity_id = $1`, each row grouped by its employee). Until now only the
-- (employee, component) key and the component index served that table, so the run's read scanned
-- every company's assignments. Leading with the entity (row-level security's condition too), then
-- the employee the run groups them by.
CREATE INDEX "hrms_pay_component_assignments_entity_employee_idx" ON "hrms_pay_component_assignments" USING btree ("entity_id","employee_id");
