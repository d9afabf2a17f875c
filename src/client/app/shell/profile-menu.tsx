import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useDropdownOnDemand } from '../../components/dropdown-on-demand';

/** The profile menu's dropdown; loaded after the first paint (see profile-link.tsx). */
export function ProfileMenu({ target, defaultOpened, onNavigate, onSignOut }: { target: (onClick: () => void) => ReactNode; defaultOpened: boolean; onNavigate: () => void; onSignOut: () => void }) {
  const dropdown = useDropdownOnDemand(defaultOpened);
  return (
    <Menu position="top-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target(dropdown.mount)}</Menu.Target>
      {dropdown.mounted && (
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/profile" onClick={onNavigate} leftSection={<IconUser size={16} aria-hidden />}>
            Profile
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      )}
    </Menu>
  );
}
