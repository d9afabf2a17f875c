import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { requestPasswordResetInput } from '../../../shared/schemas/passwords';
import { AnchorLink } from '../../components/links';
import { fieldErrorsOf, messageOf, type FieldErrors } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { AuthForm, EmailField } from './auth-form';

/** "Forgot your password?": an emailed link where the server sends email, else who to ask. */
export function ForgotPasswordPage() {
  const options = trpc.password.options.useQuery();
  if (options.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
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
      <Notice title="Check your email" icon={<IconMailCheck size={28} stroke={1.6} aria-hidden />}>
        If an account uses {request.variables.email}, we have sent it a link to choose a new password. The link works once, for an hour. It can take a few
        minutes to arrive; if it does not, look in your spam folder.
      </Notice>
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
    <Notice title="Forgot your password?" icon={<IconUsers size={28} stroke={1.6} aria-hidden />}>
      This Nestling cannot send email, so ask a guardian of your family or your nursery for a link to reset your password. The link works once, for an hour.
    </Notice>
  );
}

function Notice({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card maw={420} mx="auto" mt={{ base: 'md', sm: 48 }} p="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Alert color="blue" variant="light" icon={icon}>
          <Text size="sm">{children}</Text>
        </Alert>
        <Text size="sm" ta="center">
          <AnchorLink to="/sign-in" fw={600}>
            Back to sign in
          </AnchorLink>
        </Text>
      </Stack>
    </Card>
  );
}
