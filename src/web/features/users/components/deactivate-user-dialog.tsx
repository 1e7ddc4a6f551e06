import { USER_MESSAGES, type User } from '@/shared/users';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useSetUserActive } from '../api';

/** Asks before deactivating a user; stays open (busy) until the server has answered. */
export function DeactivateUserDialog({
  user,
  onOpenChange,
  onCloseAutoFocus,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const change = useSetUserActive();
  const busy = change.isPending;
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Deactivate User</AlertDialogTitle>
          <AlertDialogDescription>{USER_MESSAGES.confirmDeactivate}</AlertDialogDescription>
        </AlertDialogHeader>
        {user ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm">
            <span className="font-medium">
              {user.firstName} {user.lastName}
            </span>{' '}
            <span className="break-all text-muted-foreground">({user.email})</span>
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            onClick={(event) => {
              event.preventDefault();
              if (!user) return;
              change.mutate(
                { id: user.id, active: false },
                {
                  onSuccess: () => toast.success('Success', { description: USER_MESSAGES.deactivated }),
                  onError: (e) => toast.error('Error', { description: errorMessage(e, USER_MESSAGES.deactivateFailed) }),
                  onSettled: () => onOpenChange(false),
                },
              );
            }}
          >
            {busy ? 'Deactivating...' : 'Deactivate'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
