import type { ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { NetworkButton } from '../../components/network-button';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { useCurrentUser } from '../../lib/use-current-user';

// The dialog brings the date picker; load it when a parent opens it, not with the dashboard.
const ChildDialog = lazyNamed(() => import('./child-dialog'), 'ChildDialog');

/** 'Add Child': opens the dialog; signed out, it goes to sign-in first and comes back here. */
export function AddChildButton(props: Pick<ButtonProps, 'size'>) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const addChild = () => (user ? setAdding(true) : void navigate({ to: '/sign-in', search: { redirect: '/' } }));
  // A carer cannot add children; the family's guardians can.
  if (user?.familyRole === 'carer') return null;
  return (
    <>
      <NetworkButton leftSection={<IconPlus size={16} aria-hidden />} onClick={addChild} {...props}>
        Add Child
      </NetworkButton>
      {adding && (
        <Suspense>
          <ChildDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </>
  );
}
