import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { forgetLastSeen } from '../../lib/offline/offline-data';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Ends the session, forgets every cached private answer (in memory and kept for offline), and returns to the dashboard. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = trpc.auth.signOut.useMutation({
    async onSuccess() {
      await forgetLastSeen(queryClient);
      await queryClient.resetQueries();
      await navigate({ to: '/' });
      toast({ title: 'Signed out', message: 'See you soon.' });
    },
    onError() {
      toast({ title: 'Could not sign out', message: 'Please try again.', tone: 'error' });
    },
  });
  return { signOut: () => mutation.mutate(undefined), isPending: mutation.isPending };
}
