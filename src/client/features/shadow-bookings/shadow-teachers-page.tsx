import { Tabs } from '@mantine/core';
import { IconCalendarEvent, IconUserSearch } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { MyBookings } from './my-bookings';
import { TeacherFinder } from './teacher-finder';

export function ShadowTeachersPage() {
  return (
    <>
      <PageHeader title="Shadow Teachers" description="Trained support for your child at nursery, at home or in rehabilitation." />
      <Tabs defaultValue="find" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="find" leftSection={<IconUserSearch size={16} aria-hidden />}>
            Find Shadow Teachers
          </Tabs.Tab>
          <Tabs.Tab value="bookings" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            My Bookings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="find">
          <TeacherFinder />
        </Tabs.Panel>
        <Tabs.Panel value="bookings">
          <MyBookings />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
