import { IconMailCheck, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { requestPasswordResetInput } from '../../../shared/schemas/passwords';
import { PageNotice } from '../../components/page-notice';
import { fieldErrorsOf, messageOf, type FieldErrors } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { AuthForm, EmailField } from './auth-form';
import { PageLoader } from '../../components/page-loader';

const BACK_TO_SIGN_IN = { to: '/sign-in', label: 'Back to sign in' } as const;

/** "Forgot your password?": an emailed link where the server sends email, else who to ask. */
export function ForgotPasswordPage() {
  const options = trpc.password.options.useQuery();
  if (options.isLoading) {
    return <PageLoader />;
  }
  return options.data?.byEmail === false ? <AskSomeone /> : <RequestLink />;
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const request = trpc.password.request.useMutation();

  const submit = () => {
    const parsed = requestPasswordResetInput.safeParse({ email });
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <PageNotice title="Check your email" color="blue" icon={<IconMailCheck size={28} stroke={1.6} aria-hidden />} next={BACK_TO_SIGN_IN}>
        If an account uses {request.variables.email}, we have sent it a link to choose a new password. The link works once, for an hour. It can take a few
        minutes to arrive; if it does not, look in your spam folder.
      </PageNotice>
    );
  }
  return (
    <AuthForm
      title="Forgot your password?"
      subtitle="Enter the email you sign in with, and we will send you a link to choose a new password."
      submitLabel="Send me a link"
      pending={request.isPending}
      error={request.error ? messageOf(request.error) : null}
      onSubmit={submit}
      footer={{ text: 'Remembered it?', linkLabel: 'Back to sign in', to: '/sign-in' }}
    >
      <EmailField value={email} onChange={setEmail} error={fieldErrors.email} />
    </AuthForm>
  );
}

function AskSomeone() {
  return (
    <PageNotice title="Forgot your password?" color="blue" icon={<IconUsers size={28} stroke={1.6} aria-hidden />} next={BACK_TO_SIGN_IN}>
      This Nestling cannot send email, so ask a guardian of your family or your nursery for a link to reset your password. The link works once, for an hour.
    </PageNotice>
  );
}
