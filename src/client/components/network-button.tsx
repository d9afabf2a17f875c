import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useId, type ComponentPropsWithoutRef } from 'react';
import { useNeedsNetwork } from '../lib/use-online';

type NetworkButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * A button whose action needs the server. Offline it is disabled, with the reason written under
 * it (not in a tooltip: a phone cannot hover, and a disabled button gets no pointer events).
 */
export function NetworkButton({ disabled, ...props }: NetworkButtonProps) {
  const network = useNeedsNetwork();
  const reasonId = useId();
  if (!network.disabled) return <Button disabled={disabled} {...props} />;
  return (
    <Stack gap={4} align={props.fullWidth ? 'stretch' : 'flex-end'}>
      <Button {...props} disabled aria-describedby={reasonId} />
      <Text id={reasonId} size="xs" c="dimmed" ta={props.fullWidth ? 'center' : 'right'}>
        {network.reason}
      </Text>
    </Stack>
  );
}
