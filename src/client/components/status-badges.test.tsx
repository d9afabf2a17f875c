// @vitest-environment happy-dom
import '../test/dom-setup';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingStatusBadge, PaymentStatusBadge } from './status-badges';

afterEach(() => cleanup());

const toneOf = (text: string) => screen.getByText(text).closest('[data-tone]')?.getAttribute('data-tone');

describe('booking badges', () => {
  it('shows confirmed as success, pending as warning, cancelled as destructive and anything else as secondary', () => {
    render(
      <MantineProvider env="test">
        {['confirmed', 'pending', 'cancelled', 'rescheduled'].map((status) => (
          <BookingStatusBadge key={status} status={status} />
        ))}
      </MantineProvider>,
    );
    expect(toneOf('Confirmed')).toBe('success');
    expect(toneOf('Pending')).toBe('warning');
    expect(toneOf('Cancelled')).toBe('destructive');
    expect(toneOf('Rescheduled')).toBe('secondary');
  });

  it('shows paid as success and anything else as outline', () => {
    render(
      <MantineProvider env="test">
        <PaymentStatusBadge paymentStatus="paid" />
        <PaymentStatusBadge paymentStatus="unpaid" />
      </MantineProvider>,
    );
    expect(toneOf('Paid')).toBe('success');
    expect(toneOf('Unpaid')).toBe('outline');
    expect(screen.getByText('Unpaid').closest('[data-tone]')).toHaveAttribute('data-variant', 'outline');
  });
});
