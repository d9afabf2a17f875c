import { Stack, Tabs } from '@mantine/core';
import { IconCalendarEvent, IconChartBar, IconMoodKid, IconUser } from '@tabler/icons-react';
import { Suspense, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { lazyNamed } from '../../../lib/lazy-with-styles';
import { useCurrentUser } from '../../../lib/use-current-user';
import { PersonalInfo } from '../../../features/auth/personal-info';
import { ProfileHeader } from './profile-header';
import { ReportsComingSoon } from './reports-coming-soon';
import { PageLoader } from '../../../components/page-loader';

// Each in its own chunk. The sections under the personal details were one module with the page,
// whose evaluation held a phone's main thread for about 130 ms; now each is its own task (the
// server-rendered ones load before hydration). The other tabs' code loads when one is opened.
const SignInSecurity = lazyNamed(() => import('../../../features/auth/signed-in-devices'), 'SignInSecurity');
const PushDevices = lazyNamed(() => import('../../../features/push/push-devices'), 'PushDevices');
const NotificationPreferences = lazyNamed(() => import('../../../features/notifications/notification-preferences'), 'NotificationPreferences');
const ProfileIntegrations = lazyNamed(() => import('./profile-integrations'), 'ProfileIntegrations');
const MyChildren = lazyNamed(() => import('../../../features/children/my-children'), 'MyChildren');
const FamilyCard = lazyNamed(() => import('../../../features/family/family-card'), 'FamilyCard');
const ProfileBookings = lazyNamed(() => import('./profile-bookings'), 'ProfileBookings');
const CarerNote = lazyNamed(() => import('../../../features/family/carer-note'), 'CarerNote');

/** What the page shows while the user loads, and a tab while its code arrives. */
const loading = <PageLoader />;

type ProfileTab = 'personal' | 'children' | 'bookings' | 'reports';

export function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState<ProfileTab>('personal');
  const nameInput = useRef<HTMLInputElement>(null);

  if (isLoading) return loading;
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
              <Suspense fallback={loading}>
                <SignInSecurity />
                <PushDevices />
                <NotificationPreferences user={user} />
                <ProfileIntegrations user={user} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="children">
              <Suspense fallback={loading}>
                <Stack gap="lg">
                  <MyChildren />
                  {user.familyRole !== null && <FamilyCard />}
                </Stack>
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="bookings">
              <Suspense fallback={loading}>{user.familyRole === 'carer' ? <CarerNote /> : <ProfileBookings />}</Suspense>
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
