import { Button, Divider, PasswordInput, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { signInInput } from '../../../shared/schemas/auth';
import { twoStepSignInInput } from '../../../shared/schemas/two-step';
import { trpc } from '../../lib/trpc';
import { AnchorLink } from '../../components/links';
import { AuthForm, EmailField } from './auth-form';
import { fieldErrorsOf, messageOf, problemCodeOf, type FieldErrors } from '../../lib/form-errors';
import { answerWithPasskey, ceremonyMessage, usePasskeysSupported } from './passkey-ceremony';
import { useSessionChange } from './use-session-change';

const route = getRouteApi('/sign-in');

export function SignInPage() {
  const { redirect } = route.useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [askForCode, setAskForCode] = useState(false);
  const passkeysSupported = usePasskeysSupported();
  const afterSignIn = useSessionChange();
  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: () => afterSignIn(redirect),
    // The password was right; the account wants a code as well.
    onError: (error) => setAskForCode(problemCodeOf(error) === 'two_step_required'),
  });
  const passkey = usePasskeySignIn(() => afterSignIn(redirect));

  if (askForCode) return <CodeStep onSignedIn={() => afterSignIn(redirect)} onStartAgain={() => setAskForCode(false)} />;

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
      error={passkey.error ?? (signIn.error ? messageOf(signIn.error) : null)}
      onSubmit={submit}
      footer={{ text: 'New to Nestling?', linkLabel: 'Create an account', to: '/sign-up', redirect }}
      alternative={
        passkeysSupported && (
          <>
            <Divider label="or" labelPosition="center" my={-4} />
            <Button variant="default" fullWidth leftSection={<IconKey size={16} aria-hidden />} onClick={() => void passkey.start()} loading={passkey.pending}>
              Sign in with a passkey
            </Button>
          </>
        )
      }
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

/** Signing in with any passkey of this site: no email, no password, no code. */
function usePasskeySignIn(onSignedIn: () => Promise<void>) {
  const options = trpc.passkeys.signInOptions.useMutation();
  const signIn = trpc.passkeys.signIn.useMutation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const response = await answerWithPasskey(await options.mutateAsync(undefined));
      await signIn.mutateAsync({ response });
      await onSignedIn();
    } catch (failure) {
      setError(ceremonyMessage(failure) ?? messageOf(failure));
    } finally {
      setPending(false);
    }
  };
  return { start, pending, error };
}

/** The second step of a password sign-in with two-step on: a code from the app, or a recovery code. */
function CodeStep({ onSignedIn, onStartAgain }: { onSignedIn: () => Promise<void>; onStartAgain: () => void }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verify = trpc.twoStep.signIn.useMutation({ onSuccess: onSignedIn });
  const expired = problemCodeOf(verify.error) === 'unauthenticated';

  const submit = () => {
    if (expired) return onStartAgain();
    const parsed = twoStepSignInInput.safeParse({ code });
    setFieldError(parsed.success ? undefined : fieldErrorsOf(parsed.error).code);
    if (parsed.success) verify.mutate({ code });
  };

  return (
    <AuthForm
      title="Two-step sign-in"
      subtitle="Enter the 6-digit code your authenticator app shows for Nestling."
      submitLabel={expired ? 'Sign in again' : 'Verify'}
      pending={verify.isPending}
      error={verify.error ? messageOf(verify.error) : null}
      onSubmit={submit}
      footer={{
        action: (
          <Button variant="subtle" size="sm" onClick={onStartAgain} style={{ alignSelf: 'center' }}>
            Back to email and password
          </Button>
        ),
      }}
    >
      <TextInput
        label="Code"
        description="Lost your phone? Enter one of your recovery codes instead."
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        maxLength={20}
        data-autofocus
        autoFocus
      />
    </AuthForm>
  );
}
