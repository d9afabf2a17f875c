import { Center, Loader, Stack, Tabs } from '@mantine/core';
import { IconCalendarEvent, IconChartBar, IconMoodKid, IconUser } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { useCurrentUser } from '../../../lib/use-current-user';
import { MyChildren } from '../../../features/children/my-children';
import { CarerNote } from '../../../features/family/carer-note';
import { FamilyCard } from '../../../features/family/family-card';
import { PersonalInfo } from '../../../features/auth/personal-info';
import { SignInSecurity } from '../../../features/auth/signed-in-devices';
import { PushDevices } from '../../../features/push/push-devices';
import { ProfileBookings } from './profile-bookings';
import { ProfileHeader } from './profile-header';
import { ProfileIntegrations } from './profile-integrations';
import { NotificationPreferences } from '../../../features/notifications/notification-preferences';
import { ReportsComingSoon } from './reports-coming-soon';

type ProfileTab = 'personal' | 'children' | 'bookings' | 'reports';

export function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState<ProfileTab>('personal');
  const nameInput = useRef<HTMLInputElement>(null);

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  return (
    <>
      <PageHeader title="Profile" />
      {!user ? (
        <SignInPrompt reason="see your profile" />
      ) : (
        <>
          <ProfileHeader
            user={user}
            onEdit={() => {
              setTab('personal');
              // The tab renders its form on this same update; focus once it is there.
              requestAnimationFrame(() => nameInput.current?.focus());
            }}
          />
          <Tabs value={tab} onChange={(value) => setTab((value as ProfileTab | null) ?? 'personal')} keepMounted={false} mt="lg">
            <Tabs.List mb="lg">
              <Tabs.Tab value="personal" leftSection={<IconUser size={16} aria-hidden />}>
                Personal Info
              </Tabs.Tab>
              <Tabs.Tab value="children" leftSection={<IconMoodKid size={16} aria-hidden />}>
                My Children
              </Tabs.Tab>
              <Tabs.Tab value="bookings" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
                Bookings
              </Tabs.Tab>
              <Tabs.Tab value="reports" leftSection={<IconChartBar size={16} aria-hidden />}>
                Reports
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="personal">
              <PersonalInfo user={user} nameInput={nameInput} />
              <SignInSecurity />
              <PushDevices />
              <NotificationPreferences user={user} />
              <ProfileIntegrations user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="children">
              <Stack gap="lg">
                <MyChildren />
                {user.familyRole !== null && <FamilyCard />}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="bookings">
              {user.familyRole === 'carer' ? (
                <CarerNote />
              ) : (
                <ProfileBookings />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="reports">
              <ReportsComingSoon />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </>
  );
}
