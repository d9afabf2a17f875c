import { Button, Checkbox, Code, Stack, TextInput } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { eventTypes } from '../../../shared/schemas/events';
import { createWebhookInput, MAX_WEBHOOK_URL_LENGTH, type CreatedWebhookDto } from '../../../shared/schemas/webhooks';
import { SecretShownOnce } from '../../components/secret-shown-once';
import { fieldErrorsOf, serverFieldError, type FieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { EVENT_LABELS, type WebhookAudience } from './event-labels';

const EMPTY = { url: '', eventTypes: [] as string[], description: '' };

/** Registers an endpoint; its signing secret is shown here once, as a new API token is. */
export function AddWebhookForm({ audience }: { audience: WebhookAudience }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedWebhookDto | null>(null);
  const labels = EVENT_LABELS[audience];
  const choices = eventTypes.filter((type) => labels[type] !== undefined);

  const create = trpc.webhooks.create.useMutation({
    onSuccess: async (webhook) => {
      setCreated(webhook);
      setForm(EMPTY);
      await utils.webhooks.list.invalidate();
    },
    onError: (error) => {
      const field = serverFieldError(error);
      if (field && field.field in EMPTY) setErrors({ [field.field]: field.message });
      else toast({ title: 'Could not add the webhook', message: error.message, tone: 'error' });
    },
  });

  const submit = () => {
    const parsed = createWebhookInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const edit = (field: keyof typeof EMPTY, value: string | string[]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <>
      {created && (
        <SecretShownOnce
          title="Your webhook's signing secret"
          icon={<IconKey size={18} aria-hidden />}
          value={created.secret}
          copyLabel="Copy signing secret"
          testId="new-webhook-secret"
          onClose={() => setCreated(null)}
          closeButtonLabel="Dismiss the secret"
        >
          Copy it into the app at {created.url} now: it is shown only once. The app uses it to check that each message really comes from Nestling.
        </SecretShownOnce>
      )}
      <form
        noValidate
        aria-label="Add a webhook"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md" mb="md">
          <TextInput
            label="Address"
            description="Where Nestling sends each message: an https:// address of your app."
            placeholder="https://example.com/nestling-webhook"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={form.url}
            onChange={(event) => edit('url', event.currentTarget.value)}
            error={errors.url}
            maxLength={MAX_WEBHOOK_URL_LENGTH}
          />
          <Checkbox.Group label="Send a message when" value={form.eventTypes} onChange={(value) => edit('eventTypes', value)} error={errors.eventTypes}>
            <Stack gap="xs" mt="xs">
              {choices.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={
                    <>
                      {labels[type]}{' '}
                      <Code fz="xs" c="dimmed">
                        {type}
                      </Code>
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            label="Description"
            description="Optional: a note to tell your webhooks apart."
            placeholder="Such as 'Home dashboard'"
            value={form.description}
            onChange={(event) => edit('description', event.currentTarget.value)}
            error={errors.description}
            maxLength={200}
          />
        </Stack>
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending} mb="md">
          Add webhook
        </Button>
      </form>
    </>
  );
}
