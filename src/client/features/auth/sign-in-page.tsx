import { PasswordInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { signInInput } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { AnchorLink } from '../../components/links';
import { AuthForm, EmailField } from './auth-form';
import { fieldErrorsOf, messageOf, type FieldErrors } from '../../lib/form-errors';
import { useSessionChange } from './use-session-change';

const route = getRouteApi('/sign-in');

export function SignInPage() {
  const { redirect } = route.useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const afterSignIn = useSessionChange();
  const signIn = trpc.auth.signIn.useMutation({ onSuccess: () => afterSignIn(redirect) });

  const submit = () => {
    const parsed = signInInput.safeParse({ email, password });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) signIn.mutate(parsed.data);
  };

  return (
    <AuthForm
      title="Welcome back"
      subtitle="Sign in to see your children, their classroom and your bookings."
      submitLabel="Sign in"
      pending={signIn.isPending}
      error={signIn.error ? messageOf(signIn.error) : null}
      onSubmit={submit}
      footer={{ text: 'New to Nestling?', linkLabel: 'Create an account', to: '/sign-up', redirect }}
    >
      <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={fieldErrors.password}
      />
      <AnchorLink to="/forgot-password" size="sm" mt={-8} style={{ alignSelf: 'flex-end' }}>
        Forgot your password?
      </AnchorLink>
    </AuthForm>
  );
}
