import {
  IconBuildingCommunity,
  IconDeviceCctv,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconMoodHeart,
  IconSchool,
  IconShoppingBag,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  /** A shorter label for the narrow mobile tab bar, contained in the full one (so the spoken name matches). */
  shortLabel: string;
  to: '/' | '/nurseries' | '/monitoring' | '/assistant' | '/shop' | '/shadow-teachers' | '/mental-health' | '/community';
  icon: Icon;
  /** The mobile bottom bar leaves the assistant out. */
  inBottomBar: boolean;
}

/** The spec's navigation, in its order. */
export const navItems: NavItem[] = [
  { label: 'Dashboard', shortLabel: 'Dashboard', to: '/', icon: IconLayoutDashboard, inBottomBar: true },
  { label: 'Find Nurseries', shortLabel: 'Nurseries', to: '/nurseries', icon: IconSchool, inBottomBar: true },
  { label: 'Monitoring', shortLabel: 'Monitoring', to: '/monitoring', icon: IconDeviceCctv, inBottomBar: true },
  { label: 'AI Assistant', shortLabel: 'Assistant', to: '/assistant', icon: IconMessageChatbot, inBottomBar: false },
  { label: 'Shop Equipment', shortLabel: 'Shop', to: '/shop', icon: IconShoppingBag, inBottomBar: true },
  { label: 'Shadow Teachers', shortLabel: 'Teachers', to: '/shadow-teachers', icon: IconHeartHandshake, inBottomBar: true },
  { label: 'Mental Health', shortLabel: 'Health', to: '/mental-health', icon: IconMoodHeart, inBottomBar: true },
  { label: 'Community', shortLabel: 'Community', to: '/community', icon: IconBuildingCommunity, inBottomBar: true },
];

export function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}
