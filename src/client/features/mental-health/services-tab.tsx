import { Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { catalogPriceLabel, type BookingTarget } from './booking-target';

/** The service categories, each with its options, prices and a Book button per option. */
export function ServicesTab({ onBook }: { onBook: (target: BookingTarget) => void }) {
  const services = trpc.mentalHealth.services.useQuery(undefined);
  return (
    <QueryState
      query={services}
      loading={<CardSkeletons />}
      empty={{ title: 'No services available', icon: <IconHeartHandshake size={22} stroke={1.6} aria-hidden /> }}
    >
      {(list) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((service) => (
            <Card key={service.id} component="article" aria-label={service.title}>
              <Stack gap="xs" style={{ flex: 1 }}>
                <Title order={2} fz="lg">
                  {service.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {service.description}
                </Text>
                <Stack gap="xs" mt="auto">
                  <Divider my={4} />
                  {service.options.map((option) => (
                    <Group key={option.id} justify="space-between" wrap="nowrap" gap="sm">
                      <div>
                        <Text size="sm" fw={600}>
                          {option.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {catalogPriceLabel(option.price)}
                        </Text>
                      </div>
                      <Button variant="light" size="xs" style={{ flexShrink: 0 }} aria-label={`Book ${option.name}`} onClick={() => onBook({ kind: 'service', service, option })}>
                        Book
                      </Button>
                    </Group>
                  ))}
                </Stack>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

export function CardSkeletons() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((index) => (
        <Card key={index}>
          <Skeleton h={18} w="50%" />
          <Skeleton h={10} mt="md" />
          <Skeleton h={10} w="80%" mt={6} />
          <Skeleton h={30} mt="lg" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
