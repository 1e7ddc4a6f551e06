import { useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { errorMessage } from '@/web/lib/api';
import { useSignOut } from './api';

/** Signs out, then goes to /login; a failure shows its message (spec §8). */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    logout: () =>
      signOut.mutate(undefined, {
        onSuccess: () => navigate('/login', { replace: true }),
        onError: (e) => toast.error('Error', { description: errorMessage(e, 'Failed to sign out') }),
      }),
    isPending: signOut.isPending,
  };
}
