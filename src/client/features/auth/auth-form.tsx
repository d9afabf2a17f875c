import { Alert, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { AnchorLink } from '../../components/links';
import { NetworkButton } from '../../components/network-button';

interface AuthFormProps {
  title: string;
  subtitle: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  footer: { text: string; linkLabel: string; to: '/sign-in' | '/sign-up'; redirect?: string } | { action: ReactNode };
  /** Another way to the same end, under the submit button (sign in with a passkey). */
  alternative?: ReactNode;
  children: ReactNode;
}

/** The frame both account forms share: a small centred card. */
export function AuthForm({ title, subtitle, submitLabel, pending, error, onSubmit, footer, alternative, children }: AuthFormProps) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card maw={420} mx="auto" mt={{ base: 'md', sm: 48 }} p="xl">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          </div>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          {children}
          <NetworkButton type="submit" loading={pending} fullWidth mt="xs">
            {submitLabel}
          </NetworkButton>
          {alternative}
          {'action' in footer ? (
            footer.action
          ) : (
            <Text size="sm" ta="center" c="dimmed">
              {footer.text}{' '}
              <AnchorLink to={footer.to} search={{ redirect: footer.redirect }} fw={600}>
                {footer.linkLabel}
              </AnchorLink>
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** The email field both forms share. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
