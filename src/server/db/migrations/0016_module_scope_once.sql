-- The module tables' row-level security policy (module_scope), with its settings read once per
-- statement instead of once per row. As written in 0006/0008/0009/0012, the policy parsed
-- app.entity_ids from text into a uuid[] for every row a scan read: a dashboard or a board total
-- over 100,000 rows spent most of its time there (190 ms → 35 ms for a count of 100,000 rows
-- of one entity, measured on the employees table). Each setting is now a scalar subquery, which PostgreSQL runs once (an InitPlan)
-- and which an index condition can still use; the outer ::uuid[] keeps `= ANY (...)` an array
-- comparison rather than ANY (subquery). Same rows visible, same rows writable.
-- A new module's tables take this form (docs/modules.md, "Row-level security").
-- Not the HRMS tables, for now: with this form the employee directory's first page at a
-- 100,000-employee entity (bench figure 7a) went from 1.25× to 12× the 10-employee entity in two
-- full-size runs, and the plan could not be reproduced on a smaller copy; their policy stays as
-- 0006 wrote it until that is understood.
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'module_scope' AND tablename NOT LIKE 'hrms\_%' LOOP
    EXECUTE format($p$ALTER POLICY module_scope ON %I
      USING (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
        AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))
      WITH CHECK (company_id = (SELECT NULLIF(current_setting('app.company_id', true), '')::uuid)
        AND entity_id = ANY ((SELECT COALESCE(NULLIF(current_setting('app.entity_ids', true), ''), '{}')::uuid[])::uuid[]))$p$, t);
  END LOOP;
END
$$;
