import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { changePasswordInput } from '../../../shared/schemas/passwords';
import { fieldErrorsOf, serverFieldError, type FieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ModalOnDemand } from '../../components/modal-on-demand';

/** Change the password, then offer to sign out every other device. */
export function ChangePassword() {
  const utils = trpc.useUtils();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [askAboutOthers, setAskAboutOthers] = useState(false);

  const change = trpc.password.change.useMutation({
    onSuccess: () => {
      setForm({ currentPassword: '', newPassword: '' });
      // The question that opens says the password has changed: no toast on top of it.
      setAskAboutOthers(true);
    },
    onError: (error) => {
      const field = serverFieldError(error);
      if (field && (field.field === 'currentPassword' || field.field === 'newPassword')) setErrors({ [field.field]: field.message });
      else toast({ title: 'Could not change your password', message: error.message, tone: 'error' });
    },
  });
  const endOthers = trpc.sessions.endOthers.useMutation({
    onSuccess: async ({ ended }) => {
      setAskAboutOthers(false);
      toast({ title: 'Signed out everywhere else', message: `${ended} other ${ended === 1 ? 'device is' : 'devices are'} signed out.`, tone: 'success' });
      await utils.sessions.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not sign out your other devices', message: error.message, tone: 'error' }),
  });

  const submit = () => {
    const parsed = changePasswordInput.safeParse(form);
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    if (parsed.success) change.mutate(parsed.data);
  };
  const edit = (field: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <form
        noValidate
        aria-labelledby="change-password-title"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Title order={2} fz="lg" id="change-password-title">
          Password
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          Use at least 10 characters. A few unusual words together make a strong password that is easy to remember.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput label="Current password" autoComplete="current-password" value={form.currentPassword} onChange={edit('currentPassword')} error={errors.currentPassword} />
          <PasswordInput label="New password" autoComplete="new-password" value={form.newPassword} onChange={edit('newPassword')} error={errors.newPassword} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </form>
      <ModalOnDemand opened={askAboutOthers} onClose={() => setAskAboutOthers(false)} closeButtonProps={{ 'aria-label': 'Close' }} title="Sign out your other devices?" centered>
        <Stack gap="md">
          <Text size="sm">Your password has changed. Anyone still signed in elsewhere with the old one stays signed in until you sign them out. You will stay signed in here.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAskAboutOthers(false)}>
              Keep them signed in
            </Button>
            <Button color="red" onClick={() => endOthers.mutate(undefined)} loading={endOthers.isPending}>
              Sign out other devices
            </Button>
          </Group>
        </Stack>
      </ModalOnDemand>
    </Card>
  );
}
