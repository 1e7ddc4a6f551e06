import { SESSION_MESSAGES } from '@/shared/sessions';
import type { User } from '@/shared/users';
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
import { useSignOutEverywhere } from '../api';

/** Asks before ending every session of a user; stays open (busy) until the server has answered. */
export function SignOutEverywhereDialog({
  user,
  onOpenChange,
  onCloseAutoFocus,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const signOut = useSignOutEverywhere();
  const busy = signOut.isPending;
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Sign Out Everywhere</AlertDialogTitle>
          <AlertDialogDescription>{SESSION_MESSAGES.confirmEverywhere}</AlertDialogDescription>
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
              signOut.mutate(user.id, {
                onSuccess: () => toast.success('Success', { description: SESSION_MESSAGES.everywhere }),
                onError: (e) => toast.error('Error', { description: errorMessage(e, SESSION_MESSAGES.everywhereFailed) }),
                onSettled: () => onOpenChange(false),
              });
            }}
          >
            {busy ? 'Signing Out...' : 'Sign Out Everywhere'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
