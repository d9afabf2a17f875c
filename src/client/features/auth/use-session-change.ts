import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';

/** After signing in or up: every cached answer belonged to "nobody", so fetch them again, then go on. */
export function useSessionChange() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (redirect: string | undefined) => {
    await queryClient.resetQueries();
    await navigate({ to: redirect ?? '/' });
  };
}
