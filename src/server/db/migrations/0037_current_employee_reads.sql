-- A new notification category: an employee's payslip is ready (a pay run marked paid).
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_category_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_category_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_category_check" CHECK ("notification_preferences"."category" in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding', 'timesheets', 'payslips'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" in ('leave_requests', 'leave_decisions', 'interviews', 'interview_feedback', 'candidates', 'tasks', 'mentions', 'crm_assignments', 'onboarding', 'timesheets', 'payslips'));--> statement-breakpoint
-- Notifications reach employees without an HRMS grant (issue 33/34): a manager who decides their
-- reports' leave, an employee with onboarding tasks or a new payslip, all through self-service.
-- The notification list, the unread count and the digest run in a plain tenant transaction
-- (app.entity_ids unset) and the email composer on the owner connection, so row-level security
-- would hide hrms_employees from the first two. This narrow door answers one question, yes or
-- no, and nothing else of the row: is this user a current employee (not past their last day,
-- UTC) of this entity? Within a tenant transaction it answers only for the transaction's company;
-- on the owner connection (no app.company_id) for any.
CREATE FUNCTION app_is_current_employee(p_user uuid, p_entity uuid) RETURNS boolean
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.hrms_employees
    WHERE user_id = p_user
      AND entity_id = p_entity
      AND company_id = coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company_id)
      AND (end_date IS NULL OR end_date >= (now() AT TIME ZONE 'UTC')::date)
  )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_is_current_employee(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_is_current_employee(uuid, uuid) TO app;
