import { Button, Card, EmptyState } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Card maw={560} mx="auto" mt="xl">
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconMapPinOff size={22} stroke={1.6} aria-hidden />}
        title={<h1 style={{ font: 'inherit', margin: 0 }}>404 Page Not Found</h1>}
        description="Did you forget to add the page to the router?"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/" variant="light">
            Back to the dashboard
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
