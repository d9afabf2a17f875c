import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** What the shell paints while the bell loads: the same button, without a count yet. */
export function BellPlaceholder() {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
}
