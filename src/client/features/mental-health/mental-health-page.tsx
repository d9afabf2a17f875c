import '@mantine/dates/styles.css';
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/use-current-user';
import { BookingDialog, signInToBook } from './booking-dialog';
import type { BookingTarget } from './booking-target';
import { ResourcesTab } from './resources-tab';
import { ServicesTab } from './services-tab';
import { SpecialistsTab } from './specialists-tab';

export function MentalHealthPage() {
  const { user } = useCurrentUser();
  const [target, setTarget] = useState<BookingTarget | null>(null);
  // Booking needs an account; browsing the catalogue does not.
  const book = (next: BookingTarget) => (user ? setTarget(next) : signInToBook());

  return (
    <>
      <PageHeader title="Mental Health" description="Support for your child and for you: services, specialists and trusted resources." />
      <Tabs defaultValue="services" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="services">
            Services
          </Tabs.Tab>
          <Tabs.Tab value="specialists">
            Specialists
          </Tabs.Tab>
          <Tabs.Tab value="resources">
            Resources
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="services">
          <ServicesTab onBook={book} />
        </Tabs.Panel>
        <Tabs.Panel value="specialists">
          <SpecialistsTab onBook={book} />
        </Tabs.Panel>
        <Tabs.Panel value="resources">
          <ResourcesTab />
        </Tabs.Panel>
      </Tabs>
      <BookingDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
