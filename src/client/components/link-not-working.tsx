import { IconClockX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageNotice } from './page-notice';

/** The page a single-use link (a password reset, a family invitation) shows once it has been used or has expired. */
export function LinkNotWorking({ title, why, next }: { title: string; why: string; next: { to: '/' | '/forgot-password'; label: ReactNode } }) {
  return (
    <PageNotice title={title} color="orange" icon={<IconClockX size={20} aria-hidden />} next={next}>
      {why}
    </PageNotice>
  );
}
