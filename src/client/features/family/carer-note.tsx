import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Shown to a carer where a guardian would book or manage: what they can do instead. */
export function CarerNote() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title="Managed by your family’s guardians">
      <Text size="sm">As a carer you follow the children’s day at nursery. Bookings are made and managed by the family’s guardians: ask one of them.</Text>
    </Alert>
  );
}
