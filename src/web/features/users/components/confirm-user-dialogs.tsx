import { SESSION_MESSAGES } from '@/shared/sessions';
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
import { useDeleteUser, useSetUserActive, useSignOutEverywhere } from '../api';

interface DialogProps {
  /** The user asked about; null closes the dialog. */
  user: User | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** What the server is asked to do, and what the toasts say about it. */
interface UserAction {
  run: (user: User, callbacks: { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void }) => void;
  busy: boolean;
  succeeded: string;
  failed: string;
}

/**
 * Asks before an action on one user, naming the user. Stays open (busy, both buttons disabled)
 * until the server has answered, so the outcome is never in doubt; then closes with a toast.
 */
function ConfirmUserDialog({
  user,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  confirm,
  confirming,
  action,
}: DialogProps & { title: string; description: string; confirm: string; confirming: string; action: UserAction }) {
  const { busy } = action;
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
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
              action.run(user, {
                onSuccess: () => toast.success('Success', { description: action.succeeded }),
                onError: (e) => toast.error('Error', { description: errorMessage(e, action.failed) }),
                onSettled: () => onOpenChange(false),
              });
            }}
          >
            {busy ? confirming : confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function DeactivateUserDialog(props: DialogProps) {
  const change = useSetUserActive();
  return (
    <ConfirmUserDialog
      {...props}
      title="Deactivate User"
      description={USER_MESSAGES.confirmDeactivate}
      confirm="Deactivate"
      confirming="Deactivating..."
      action={{
        run: (user, callbacks) => change.mutate({ id: user.id, active: false }, callbacks),
        busy: change.isPending,
        succeeded: USER_MESSAGES.deactivated,
        failed: USER_MESSAGES.deactivateFailed,
      }}
    />
  );
}

export function DeleteUserDialog(props: DialogProps) {
  const remove = useDeleteUser();
  return (
    <ConfirmUserDialog
      {...props}
      title="Delete User"
      description={USER_MESSAGES.confirmDelete}
      confirm="Delete"
      confirming="Deleting..."
      action={{
        run: (user, callbacks) => remove.mutate(user.id, callbacks),
        busy: remove.isPending,
        succeeded: USER_MESSAGES.deleted,
        failed: USER_MESSAGES.deleteFailed,
      }}
    />
  );
}

export function SignOutEverywhereDialog(props: DialogProps) {
  const signOut = useSignOutEverywhere();
  return (
    <ConfirmUserDialog
      {...props}
      title="Sign Out Everywhere"
      description={SESSION_MESSAGES.confirmEverywhere}
      confirm="Sign Out Everywhere"
      confirming="Signing Out..."
      action={{
        run: (user, callbacks) => signOut.mutate(user.id, callbacks),
        busy: signOut.isPending,
        succeeded: SESSION_MESSAGES.everywhere,
        failed: SESSION_MESSAGES.everywhereFailed,
      }}
    />
  );
}
