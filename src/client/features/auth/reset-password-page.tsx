import { PasswordInput, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { completePasswordResetInput, resetSecret } from '../../../shared/schemas/passwords';
import { LinkNotWorking } from '../../components/link-not-working';
import { fieldErrorsOf, messageOf, serverFieldError, type FieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { AuthForm } from './auth-form';
import { PageLoader } from '../../components/page-loader';

const route = getRouteApi('/reset-password/$secret');

/** The page a reset link opens: choose a new password, once, within the hour. */
export function ResetPasswordPage() {
  const { secret } = route.useParams();
  const wellFormed = resetSecret.safeParse(secret).success;
  const link = trpc.password.describe.useQuery({ secret }, { enabled: wellFormed, retry: false });
  if (wellFormed && link.isLoading) {
    return <PageLoader />;
  }
  if (!wellFormed || !link.data) return (
      <LinkNotWorking
        title="This link no longer works"
        why="A reset link works once, for an hour after it was sent. This one has been used or has expired. You can ask for a new one."
        next={{ to: '/forgot-password', label: 'Ask for a new link' }}
      />
    );
  return <ChooseNewPassword secret={secret} email={link.data.email} />;
}

function ChooseNewPassword({ secret, email }: { secret: string; email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const complete = trpc.password.complete.useMutation({
    async onSuccess() {
      // Every session of the account has ended, this browser's too if it was signed in.
      await queryClient.resetQueries();
      toast({ title: 'Password changed', message: 'You are signed out everywhere. Sign in with your new password.', tone: 'success' });
      await navigate({ to: '/sign-in' });
    },
    onError(error) {
      const field = serverFieldError(error);
      if (field?.field === 'password') setFieldErrors({ password: field.message });
    },
  });

  const submit = () => {
    const parsed = completePasswordResetInput.safeParse({ secret, password });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) complete.mutate(parsed.data);
  };
  const error = complete.error && !serverFieldError(complete.error) ? messageOf(complete.error) : null;

  return (
    <AuthForm
      title="Choose a new password"
      subtitle="Use at least 10 characters. A few unusual words together are strong and easy to remember. You will then sign in again on every device."
      submitLabel="Save new password"
      pending={complete.isPending}
      error={error}
      onSubmit={submit}
      footer={{ text: 'Remembered it?', linkLabel: 'Back to sign in', to: '/sign-in' }}
    >
      {/* Tells password managers which account the new password is for. */}
      <TextInput label="Email" value={email} readOnly variant="filled" autoComplete="username" />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          setFieldErrors({});
        }}
        error={fieldErrors.password}
      />
    </AuthForm>
  );
}
