// @vitest-environment happy-dom
import '../test/dom-setup';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ComingSoonButton } from './coming-soon-button';

afterEach(() => cleanup());

describe('a coming-soon button', () => {
  it('says "Coming soon" on focus from beside the button, with no portal in the page', async () => {
    // Not Mantine's test mode, which leaves portals out everywhere.
    render(
      <MantineProvider>
        <ComingSoonButton>New Booking</ComingSoonButton>
      </MantineProvider>,
    );
    expect(document.querySelector('[data-portal]')).toBeNull();
    await userEvent.setup().tab();
    expect(screen.getByRole('button', { name: 'New Booking' })).toHaveFocus();
    expect(await screen.findByText('Coming soon')).toBeInTheDocument();
    expect(document.querySelector('[data-portal]')).toBeNull();
  });
});
