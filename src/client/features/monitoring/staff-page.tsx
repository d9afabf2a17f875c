import { Button, Card, Chip, Grid, Group, ScrollArea, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useState } from 'react';
import { activityAccent } from '../../../shared/display';
import type { StaffClassroomDto } from '../../../shared/schemas/monitoring';
import { accentColor } from '../../lib/theme';
import { EmptyNote, QueryState } from '../../components/query-state';
import { PageHeader } from '../../components/page-header';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { toast } from '../../lib/toast';
import { isUnauthorized, trpc } from '../../lib/trpc';
import { useActivityFeed } from '../../lib/use-activity-feed';
import { useCurrentUser } from '../../lib/use-current-user';
import { renderActivityPhotos } from './activity-photos-slot';
import { ActivityLog } from '../../components/activity-log';
import { LiveIndicator } from '../../components/live-indicator';
import { activityPresets, describeActivity, type ActivityPreset } from './activity-presets';
import { ActivityPhotoPicker, NoPhotosBadge, usePhotoUploads } from './activity-photo-picker';

const WHOLE_CLASS = 'class';

/** Nursery staff log what happens in a classroom: pick a child (or the class), tap what happened. */
export function StaffPage() {
  const { user, isLoading } = useCurrentUser();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  const classrooms = trpc.classrooms.list.useQuery(undefined, { enabled: isStaff });

  if (isLoading) return <PageHeader title="Log activities" />;
  if (!user || isUnauthorized(classrooms.error)) {
    return (
      <>
        <PageHeader title="Log activities" />
        <Card>
          <SignInPrompt reason="log classroom activities" />
        </Card>
      </>
    );
  }
  if (!isStaff) {
    return (
      <>
        <PageHeader title="Log activities" />
        <Card>
          <EmptyNote
            icon={<IconHeartHandshake size={22} stroke={1.6} aria-hidden />}
            title="This page is for nursery staff"
            description="Your child's nursery logs activities here, and you see them on the Monitoring page."
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Log activities" description="Choose a child, or the whole class, then tap what happened. Parents see it straight away." />
      <QueryState
        query={classrooms}
        loading={<Text c="dimmed">Loading your classrooms...</Text>}
        empty={{ title: 'No classrooms yet', description: 'Classrooms your nursery adds will appear here.' }}
      >
        {(list) => <ActivityLogger classrooms={list} />}
      </QueryState>
    </>
  );
}

function ActivityLogger({ classrooms }: { classrooms: StaffClassroomDto[] }) {
  const [classroomId, setClassroomId] = useState(String(classrooms[0]?.id ?? ''));
  const classroom = classrooms.find((c) => String(c.id) === classroomId) ?? classrooms[0];
  const [childKey, setChildKey] = useState(WHOLE_CLASS);
  const [note, setNote] = useState('');
  const uploads = usePhotoUploads();
  const [tags, setTags] = useState<string[]>([]);
  const utils = trpc.useUtils();
  const camera = classroom?.cameras[0] ?? null;
  const feed = useActivityFeed(camera?.id ?? null);

  const log = trpc.activities.create.useMutation({
    onSuccess(activity) {
      toast({ title: 'Activity logged', message: activity.description, tone: 'success' });
      setNote('');
      uploads.clear();
      setTags([]);
      void utils.classrooms.list.invalidate();
    },
    onError(error) {
      toast({ title: 'Could not log the activity', message: error.message, tone: 'error' });
    },
  });

  if (!classroom) return null;
  const child = classroom.children.find((c) => String(c.id) === childKey) ?? null;

  const withPhotos = uploads.ids.length > 0;
  const logPreset = (preset: ActivityPreset) =>
    log.mutate({
      channel: classroom.channel,
      childId: child?.id ?? null,
      type: preset.type,
      description: describeActivity(preset, child, note),
      ...(withPhotos ? { photoIds: uploads.ids, taggedChildIds: child ? [child.id] : tags.map(Number) } : {}),
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card>
          <Stack gap="md">
            {classrooms.length > 1 && (
              <SegmentedControl
                aria-label="Classroom"
                value={String(classroom.id)}
                onChange={(value) => {
                  setClassroomId(value);
                  setChildKey(WHOLE_CLASS);
                  setTags([]);
                }}
                data={classrooms.map((c) => ({ value: String(c.id), label: c.name }))}
              />
            )}
            <div>
              <Text fw={600} size="sm" mb={6}>
                Who
              </Text>
              <Chip.Group value={childKey} onChange={(value) => setChildKey(value as string)}>
                <Group gap={6}>
                  <Chip value={WHOLE_CLASS}>Whole class</Chip>
                  {classroom.children.map((c) => (
                    <Chip key={c.id} value={String(c.id)}>
                      {c.name}
                      {!c.photosAllowed && <NoPhotosBadge />}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
            <TextInput
              label="Note (optional)"
              placeholder={child ? `What is ${child.name.split(' ')[0]} doing?` : 'What is the class doing?'}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={500}
            />
            <ActivityPhotoPicker uploads={uploads} child={child} children={classroom.children} tags={tags} onTagsChange={setTags} />
            <div>
              <Text fw={600} size="sm" mb={6}>
                What happened
              </Text>
              <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
                {activityPresets.map((preset) => (
                  <Button
                    key={preset.type}
                    variant="light"
                    color={accentColor[activityAccent(preset.type)]}
                    onClick={() => logPreset(preset)}
                    disabled={log.isPending || uploads.uploading || (child !== null && !child.photosAllowed && uploads.photos.length > 0)}
                  >
                    {preset.label}
                  </Button>
                ))}
              </SimpleGrid>
            </div>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card h="100%">
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Title order={2} fz="lg">
              {classroom.name}
            </Title>
            {camera && <LiveIndicator status={feed.status} />}
          </Group>
          {camera ? (
            <ScrollArea.Autosize mah={480} offsetScrollbars type="auto" viewportProps={{ tabIndex: 0 }}>
              <ActivityLog
                query={feed.query}
                skeletons={5}
                otherAccent="primary"
                empty={{ title: 'No activities', description: 'Activities will appear here when they occur.' }}
                renderPhotos={renderActivityPhotos}
              />
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="dimmed">
              This classroom has no camera, so parents follow it through their children's updates.
            </Text>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
