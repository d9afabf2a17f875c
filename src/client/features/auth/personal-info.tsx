import { Button, Card, Group, SimpleGrid, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type ChangeEvent, type RefObject } from 'react';
import { z } from 'zod';
import { longDate, roleLabel } from '../../../shared/display';
import { updateProfileInput, type UserDto } from '../../../shared/schemas/auth';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { serverFieldError } from '../../lib/form-errors';

type EditableField = 'name' | 'phone' | 'city';
type FieldErrors = Partial<Record<EditableField, string>>;

/** Personal Info: name, phone and city can be changed here; email, account type and member since are shown. */
export function PersonalInfo({ user, nameInput }: { user: UserDto; nameInput: RefObject<HTMLInputElement | null> }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState({ name: user.name, phone: user.phone ?? '', city: user.city ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const update = trpc.users.updateMe.useMutation({
    onSuccess: (saved) => {
      utils.users.me.setData(undefined, saved);
      toast({ title: 'Profile updated', message: 'Your information has been saved.', tone: 'success' });
    },
    onError: (error) => {
      const field = serverFieldError(error);
      if (field && (['name', 'phone', 'city'] as string[]).includes(field.field)) setErrors({ [field.field]: field.message });
      else toast({ title: 'Could not update your information', message: error.message, tone: 'error' });
    },
  });

  const submit = () => {
    const parsed = updateProfileInput.safeParse(form);
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      setErrors({ name: fieldErrors.name?.[0], phone: fieldErrors.phone?.[0], city: fieldErrors.city?.[0] });
      return;
    }
    setErrors({});
    update.mutate(form);
  };

  const edit = (field: EditableField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Card>
      <form
        noValidate
        aria-label="Personal information"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Title order={2} fz="lg" mb="md">
          Personal Information
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" ref={nameInput} value={form.name} onChange={edit('name')} error={errors.name} maxLength={100} autoComplete="name" />
          <TextInput label="Email" value={user.email} readOnly variant="filled" description="Your sign-in email cannot be changed here." />
          <TextInput label="Phone" value={form.phone} onChange={edit('phone')} error={errors.phone} maxLength={30} autoComplete="tel" type="tel" />
          <TextInput label="City" value={form.city} onChange={edit('city')} error={errors.city} maxLength={100} autoComplete="address-level2" />
          <TextInput label="Account type" value={roleLabel(user.role)} readOnly variant="filled" />
          <TextInput label="Member since" value={longDate(new Date(user.createdAt))} readOnly variant="filled" />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={update.isPending}>
            Update Information
          </Button>
        </Group>
      </form>
    </Card>
  );
}
