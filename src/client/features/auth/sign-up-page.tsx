import { PasswordInput, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { signUpInput } from '../../../shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { AuthForm, EmailField } from './auth-form';
import { fieldErrorsOf, messageOf, type FieldErrors } from '../../lib/form-errors';
import { useSessionChange } from './use-session-change';

const route = getRouteApi('/sign-up');

export function SignUpPage() {
  const { redirect } = route.useSearch();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const afterSignUp = useSessionChange();
  const signUp = trpc.auth.signUp.useMutation({ onSuccess: () => afterSignUp(redirect) });

  const submit = () => {
    const parsed = signUpInput.safeParse({ name, email, password });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) signUp.mutate(parsed.data);
  };

  return (
    <AuthForm
      title="Create your account"
      subtitle="Nestling is free for parents. It takes about a minute."
      submitLabel="Create account"
      pending={signUp.isPending}
      error={signUp.error ? messageOf(signUp.error) : null}
      onSubmit={submit}
      footer={{ text: 'Already have an account?', linkLabel: 'Sign in', to: '/sign-in', redirect }}
    >
      <TextInput
        label="Your name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fieldErrors.name}
      />
      <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
      <PasswordInput
        label="Password"
        description="At least 10 characters."
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={fieldErrors.password}
      />
    </AuthForm>
  );
}
