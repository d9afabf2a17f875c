import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <UnstyledButton component={Link} to="/" onClick={onNavigate} aria-label="Nestling home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon radius="xl" size={32} variant="light">
          <IconLeaf size={18} aria-hidden />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          Nestling
        </Text>
      </Group>
    </UnstyledButton>
  );
}
