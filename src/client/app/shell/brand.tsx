import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Group component={Link} to="/" onClick={onNavigate} gap={8} wrap="nowrap" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Nestling home">
      <ThemeIcon radius="xl" size={32} variant="light">
        <IconLeaf size={18} aria-hidden />
      </ThemeIcon>
      <Text fw={700} fz="lg">
        Nestling
      </Text>
    </Group>
  );
}
