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

/** What a confirmation says: its title, the question, its button (and while busy), and the toasts after. */
interface ConfirmTexts {
  words: { title: string; confirm: string; confirming: string };
  messages: { ask: string; succeeded: string; failed: string };
}

type Callbacks = { onSuccess: () => void; onError: (error: unknown) => void; onSettled: () => void };

/**
 * Asks before an action on one user, naming the user. Stays open (busy, both buttons disabled)
 * until the server has answered, so the outcome is never in doubt; then closes with a toast.
 */
function ConfirmUserDialog({
  user,
  onOpenChange,
  onCloseAutoFocus,
  texts: { words, messages },
  busy,
  run,
}: DialogProps & { texts: ConfirmTexts; busy: boolean; run: (user: User, callbacks: Callbacks) => void }) {
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{words.title}</AlertDialogTitle>
          <AlertDialogDescription>{messages.ask}</AlertDialogDescription>
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
              run(user, {
                onSuccess: () => toast.success('Success', { description: messages.succeeded }),
                onError: (e) => toast.error('Error', { description: errorMessage(e, messages.failed) }),
                onSettled: () => onOpenChange(false),
              });
            }}
          >
            {busy ? words.confirming : words.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

const CONFIRM: Record<'deactivate' | 'delete' | 'signOut', ConfirmTexts> = {
  deactivate: {
    words: { title: 'Deactivate User', confirm: 'Deactivate', confirming: 'Deactivating...' },
    messages: { ask: USER_MESSAGES.confirmDeactivate, succeeded: USER_MESSAGES.deactivated, failed: USER_MESSAGES.deactivateFailed },
  },
  delete: {
    words: { title: 'Delete User', confirm: 'Delete', confirming: 'Deleting...' },
    messages: { ask: USER_MESSAGES.confirmDelete, succeeded: USER_MESSAGES.deleted, failed: USER_MESSAGES.deleteFailed },
  },
  signOut: {
    words: { title: 'Sign Out Everywhere', confirm: 'Sign Out Everywhere', confirming: 'Signing Out...' },
    messages: { ask: SESSION_MESSAGES.confirmEverywhere, succeeded: SESSION_MESSAGES.everywhere, failed: SESSION_MESSAGES.everywhereFailed },
  },
};

export function DeactivateUserDialog(props: DialogProps) {
  const change = useSetUserActive();
  return <ConfirmUserDialog {...props} texts={CONFIRM.deactivate} busy={change.isPending} run={(user, done) => change.mutate({ id: user.id, active: false }, done)} />;
}

export function DeleteUserDialog(props: DialogProps) {
  const remove = useDeleteUser();
  return <ConfirmUserDialog {...props} texts={CONFIRM.delete} busy={remove.isPending} run={(user, done) => remove.mutate(user.id, done)} />;
}

export function SignOutEverywhereDialog(props: DialogProps) {
  const signOut = useSignOutEverywhere();
  return <ConfirmUserDialog {...props} texts={CONFIRM.signOut} busy={signOut.isPending} run={(user, done) => signOut.mutate(user.id, done)} />;
}
