import { Badge } from '@mantine/core';
import { bookingStatusBadge, capitalized, paymentStatusTone, type Tone } from '../../shared/booking-display';

/** How each of the spec's badge tones looks. */
const toneStyle: Record<Tone, { color: string; variant: 'light' | 'outline' }> = {
  success: { color: 'green', variant: 'light' },
  warning: { color: 'yellow', variant: 'light' },
  destructive: { color: 'red', variant: 'light' },
  secondary: { color: 'gray', variant: 'light' },
  outline: { color: 'gray', variant: 'outline' },
};

function ToneBadge({ tone, label }: { tone: Tone; label: string }) {
  return (
    // max-content: a narrow table cell must not cut 'Cancelled' short.
    <Badge {...toneStyle[tone]} tt="none" miw="max-content" data-tone={tone}>
      {label}
    </Badge>
  );
}

/** A booking's status: confirmed success, pending warning, cancelled destructive, else secondary; an expired request reads 'Expired'. */
export function BookingStatusBadge({ status, cancelReason }: { status: string; cancelReason?: string | null }) {
  return <ToneBadge {...bookingStatusBadge(status, cancelReason)} />;
}

/** A booking's payment: paid success, else outline. */
export function PaymentStatusBadge({ paymentStatus }: { paymentStatus: string }) {
  return <ToneBadge tone={paymentStatusTone(paymentStatus)} label={capitalized(paymentStatus)} />;
}
