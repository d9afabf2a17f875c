import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ChildDto } from '../../../shared/schemas/children';

/** A child's photo, or a soft figure when there is none. */
export function ChildAvatar({ child }: { child: Pick<ChildDto, 'name' | 'profileImage'> }) {
  return (
    <Avatar src={child.profileImage} alt={child.name} size={52} radius="xl" color="nest">
      <IconUser size={26} aria-hidden />
    </Avatar>
  );
}
