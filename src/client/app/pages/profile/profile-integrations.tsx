import { Stack, Text, Title } from '@mantine/core';
import type { UserDto } from '../../../../shared/schemas/auth';
import { ApiAccess } from '../../../features/auth/api-access';
import { CalendarSubscription } from '../../../features/shadow-bookings/calendar-subscription';
import { Webhooks } from '../../../features/webhooks/webhooks';

/**
 * Profile > Personal Info > Integrations: every way an outside app reaches the family's data (the
 * calendar link, API tokens, webhooks) in one place, so a parent can see and end each of them.
 * Carers manage none of these. A guardian's webhooks hear about the family; a staff member's about
 * their nursery; teachers have none.
 */
export function ProfileIntegrations({ user }: { user: UserDto }) {
  if (user.familyRole === 'carer') return null;
  return (
    <Stack component="section" aria-labelledby="integrations-title" gap="lg" mt="xl">
      <div>
        <Title order={2} fz="xl" id="integrations-title">
          Integrations
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Connect your calendar and your own apps to Nestling. Everything that can reach your information from outside is listed here, and you can turn
          each one off.
        </Text>
      </div>
      <CalendarSubscription />
      <ApiAccess />
      {user.familyRole === 'guardian' && <Webhooks audience="family" />}
      {user.role === 'staff' && <Webhooks audience="nursery" />}
    </Stack>
  );
}
