import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { createChildInput } from '../../../shared/schemas/children';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { serverFieldError } from '../../lib/form-errors';

interface ChildForm {
  name: string;
  dateOfBirth: string | null;
  specialNeeds: boolean;
  specialNeedsDetails: string;
}

type ChildField = keyof ChildForm;

const today = () => dayjs().format('YYYY-MM-DD');

/** Add Child: name, date of birth and any special needs; the child joins the family at once. */
export function AddChildDialog({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState<ChildForm>({ name: '', dateOfBirth: null, specialNeeds: false, specialNeedsDetails: '' });
  const [errors, setErrors] = useState<Partial<Record<ChildField, string>>>({});

  const create = trpc.children.create.useMutation({
    onSuccess: async (child) => {
      toast({ title: 'Child added', message: `${child.name} is now part of your family on Nestling.`, tone: 'success' });
      onClose();
      await utils.children.list.invalidate();
    },
    onError: (error) => {
      const field = serverFieldError(error);
      if (field && field.field in form) setErrors({ [field.field]: field.message });
      else toast({ title: 'Could not add your child', message: error.message, tone: 'error' });
    },
  });

  const change = (patch: Partial<ChildForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])) }));
  };

  const submit = () => {
    const input = {
      name: form.name,
      dateOfBirth: form.dateOfBirth ?? '',
      specialNeeds: form.specialNeeds,
      specialNeedsDetails: form.specialNeeds ? form.specialNeedsDetails : null,
    };
    const parsed = createChildInput.safeParse(input);
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      setErrors({
        name: fieldErrors.name?.[0],
        dateOfBirth: form.dateOfBirth ? fieldErrors.dateOfBirth?.[0] : 'Please choose the date of birth.',
        specialNeedsDetails: fieldErrors.specialNeedsDetails?.[0],
      });
      return;
    }
    create.mutate(input);
  };

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Add Child">
      <form
        noValidate
        aria-label="Add a child"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" value={form.name} onChange={(event) => change({ name: event.currentTarget.value })} error={errors.name} maxLength={100} withAsterisk data-autofocus />
          <DatePickerInput
            label="Date of birth"
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={form.dateOfBirth}
            onChange={(dateOfBirth) => change({ dateOfBirth })}
            maxDate={today()}
            defaultLevel="decade"
            valueFormat="MMMM D, YYYY"
            error={errors.dateOfBirth}
            withAsterisk
          />
          <Checkbox label="My child has special needs" checked={form.specialNeeds} onChange={(event) => change({ specialNeeds: event.currentTarget.checked })} />
          {form.specialNeeds && (
            <Textarea
              label="Special-needs details"
              placeholder="What helps your child, such as speech and language support"
              value={form.specialNeedsDetails}
              onChange={(event) => change({ specialNeedsDetails: event.currentTarget.value })}
              error={errors.specialNeedsDetails}
              autosize
              minRows={2}
              maxLength={1000}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Child
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
