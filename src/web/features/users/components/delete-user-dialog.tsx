import { toast } from '@/web/lib/toast';
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
import { useDeleteUser } from '../api';

/** Asks before deleting a user; stays open (busy) until the server has answered. */
export function DeleteUserDialog({
  user,
  onOpenChange,
  onCloseAutoFocus,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const remove = useDeleteUser();
  const busy = remove.isPending;
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete User</AlertDialogTitle>
          <AlertDialogDescription>{USER_MESSAGES.confirmDelete}</AlertDialogDescription>
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
              // Close only once the server has answered, so the outcome is never in doubt.
              event.preventDefault();
              if (!user) return;
              remove.mutate(user.id, {
                onSuccess: () => toast.success('Success', { description: USER_MESSAGES.deleted }),
                onError: (e) => toast.error('Error', { description: errorMessage(e, USER_MESSAGES.deleteFailed) }),
                onSettled: () => onOpenChange(false),
              });
            }}
          >
            {busy ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
