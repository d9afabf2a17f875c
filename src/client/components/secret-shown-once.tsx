import { Alert, Code, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyValueButton } from './copy-value-button';

/**
 * A secret the server answers only once (an API token, a webhook's signing secret, a calendar
 * link): shown whole, wrapped on a phone, with a button to copy it. `children` says what to do with it.
 */
export function SecretShownOnce({
  title,
  icon,
  value,
  copyLabel,
  testId,
  onClose,
  closeButtonLabel,
  children,
}: {
  title: string;
  icon: ReactNode;
  value: string;
  copyLabel: string;
  testId: string;
  /** Given, the notice can be dismissed. */
  onClose?: () => void;
  closeButtonLabel?: string;
  children: ReactNode;
}) {
  return (
    <Alert color="green" variant="light" icon={icon} title={title} mb="md" withCloseButton={onClose !== undefined} closeButtonLabel={closeButtonLabel} onClose={onClose}>
      <Text size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Code>
        <CopyValueButton value={value} label={copyLabel} />
      </Group>
    </Alert>
  );
}
