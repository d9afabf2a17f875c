import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The profile menu's dropdown; loaded after the first paint (see profile-link.tsx). */
export function ProfileMenu({ target, defaultOpened, onNavigate, onSignOut }: { target: ReactNode; defaultOpened: boolean; onNavigate: () => void; onSignOut: () => void }) {
  return (
    <Menu position="top-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile" onClick={onNavigate} leftSection={<IconUser size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
