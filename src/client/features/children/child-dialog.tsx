import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { createChildInput, type ChildDto, type ChildPronouns, type CreateChildInput } from '../../../shared/schemas/children';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { messageOf, serverFieldError } from '../../lib/form-errors';

interface ChildForm {
  name: string;
  dateOfBirth: string | null;
  specialNeeds: boolean;
  specialNeedsDetails: string;
  photosAllowed: boolean;
  /** '' when not given. */
  pronouns: ChildPronouns | '';
}

type ChildField = keyof ChildForm;

const EMPTY_FORM: ChildForm = { name: '', dateOfBirth: null, specialNeeds: false, specialNeedsDetails: '', photosAllowed: true, pronouns: '' };

const PRONOUN_OPTIONS = [
  { value: '', label: 'Not given' },
  { value: 'she', label: 'she/her' },
  { value: 'he', label: 'he/him' },
  { value: 'they', label: 'they/them' },
];

const formOf = (child: ChildDto): ChildForm => ({
  name: child.name,
  dateOfBirth: child.dateOfBirth,
  specialNeeds: child.specialNeeds,
  specialNeedsDetails: child.specialNeedsDetails ?? '',
  photosAllowed: child.photosAllowed,
  pronouns: child.pronouns ?? '',
});

/** The fields whose value differs from the child's: an edit sends only what the parent changed. */
function changesTo(child: ChildDto, input: CreateChildInput): Partial<CreateChildInput> {
  return Object.fromEntries(Object.entries(input).filter(([field, value]) => child[field as keyof CreateChildInput] !== value));
}

const today = () => dayjs().format('YYYY-MM-DD');

// Mantine leaves the calendar's arrows unnamed; a screen reader would announce just "button".
const CALENDAR_LABELS = {
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
};

/**
 * A child's name, date of birth and any special needs: given, a child's details to edit;
 * without one, Add Child, and the new child joins the family at once.
 */
export function ChildDialog({ child, onClose }: { child?: ChildDto; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState<ChildForm>(child ? formOf(child) : EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<ChildField, string>>>({});

  const onError = (failed: string) => (error: unknown) => {
    const field = serverFieldError(error);
    if (field && field.field in form) setErrors({ [field.field]: field.message });
    else toast({ title: failed, message: messageOf(error), tone: 'error' });
  };
  const saved = async (title: string, message: string) => {
    toast({ title, message, tone: 'success' });
    onClose();
    await utils.children.invalidate();
  };
  const create = trpc.children.create.useMutation({
    onSuccess: (added) => saved('Child added', `${added.name} is now part of your family on Nestling.`),
    onError: onError('Could not add your child'),
  });
  const update = trpc.children.update.useMutation({
    onSuccess: (edited) => {
      // The list shows the saved child at once: reopened before the refetch lands, Edit would
      // otherwise start from the old details.
      utils.children.list.setData(undefined, (list) => list?.map((one) => (one.id === edited.id ? edited : one)));
      return saved('Changes saved', `${edited.name}'s details are up to date.`);
    },
    onError: onError('Could not save the changes'),
  });

  const change = (patch: Partial<ChildForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])) }));
  };

  const submit = () => {
    const parsed = createChildInput.safeParse({
      name: form.name,
      dateOfBirth: form.dateOfBirth ?? '',
      specialNeeds: form.specialNeeds,
      specialNeedsDetails: form.specialNeeds ? form.specialNeedsDetails : null,
      photosAllowed: form.photosAllowed,
      pronouns: form.pronouns || null,
    });
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      setErrors({
        name: fieldErrors.name?.[0],
        dateOfBirth: form.dateOfBirth ? fieldErrors.dateOfBirth?.[0] : 'Please choose the date of birth.',
        specialNeedsDetails: fieldErrors.specialNeedsDetails?.[0],
        pronouns: fieldErrors.pronouns?.[0],
      });
      return;
    }
    if (!child) return create.mutate(parsed.data);
    const changes = changesTo(child, parsed.data);
    // Nothing changed: there is nothing to save, and nothing to tell the family.
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: child.id, ...changes });
  };

  const title = child ? 'Edit Child' : 'Add Child';
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={title}>
      <form
        noValidate
        aria-label={child ? `Edit ${child.name}` : 'Add a child'}
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
            ariaLabels={CALENDAR_LABELS}
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
          <Checkbox
            label="Photos: nursery staff may tag my child in activity photos"
            description="A photo is seen only by the nursery's staff and the families of the children tagged in it. Untick, and staff cannot tag your child."
            checked={form.photosAllowed}
            onChange={(event) => change({ photosAllowed: event.currentTarget.checked })}
          />
          <NativeSelect
            label="Pronouns"
            description="How Nestling refers to your child, such as “when she's checked in”. Optional."
            data={PRONOUN_OPTIONS}
            value={form.pronouns}
            onChange={(event) => change({ pronouns: event.currentTarget.value as ChildForm['pronouns'] })}
            error={errors.pronouns}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {child ? 'Save Changes' : 'Add Child'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
