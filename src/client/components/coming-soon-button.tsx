import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The spec's tooltip timing: open after 700 ms, close 300 ms after the pointer leaves. */
export const TOOLTIP_OPEN_DELAY = 700;
export const TOOLTIP_CLOSE_DELAY = 300;

/**
 * A button the spec shows but nothing stands behind yet: visibly unavailable and saying why,
 * rather than doing nothing when pressed. It stays focusable and hoverable (data-disabled, not
 * disabled) so the tooltip can explain itself to mouse and keyboard users alike.
 */
export function ComingSoonButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <Tooltip
      label="Coming soon"
      openDelay={TOOLTIP_OPEN_DELAY}
      closeDelay={TOOLTIP_CLOSE_DELAY}
      events={{ hover: true, focus: true, touch: true }}
      // Beside its button, not in a portal: a portal renders again as it mounts, and the dashboard and
      // the bookings list draw one of these per child or booking in their first commit. Fixed, so
      // that the card it sits in does not clip it.
      withinPortal={false}
      floatingStrategy="fixed"
    >
      <Button {...props} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}
