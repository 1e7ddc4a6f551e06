import { CRM_MESSAGES } from '@/shared/crm';
import { isStaleVersion } from '@/web/components/module/stale';
import { toast } from '@/web/lib/toast';

/**
 * What a form does when a save fails: a stale version closes it and says the record was reloaded
 * (every CRM mutation refreshes the CRM queries when it settles); anything else is shown in the form.
 */
export const saveFailed = (close: () => void, show: (message: string) => void) => (error: Error) => {
  if (isStaleVersion(error)) {
    toast.error('Record changed', { description: CRM_MESSAGES.reloaded });
    close();
  } else {
    show(error.message);
  }
};
