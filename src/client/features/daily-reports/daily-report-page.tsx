import './daily-report.css';
import { Badge, Box, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconClipboardList, IconMoon, IconPrinter } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { DailyReportDto, ReportEntryDto, ReportNapDto, ReportPhotoDto } from '../../../shared/schemas/daily-reports';
import { ButtonLink } from '../../components/links';
import { EmptyNote } from '../../components/query-state';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { messageOf, problemCodeOf } from '../../lib/form-errors';
import { isUnauthorized, trpc } from '../../lib/trpc';
import { durationLabel, possessiveFirstName, reportDayLabel, typeLabel } from './report-format';

const route = getRouteApi('/children/$childId/report/$date');

/** A child's day at nursery: opened from the child card's Schedule link and from the "day is ready" notification. */
export function DailyReportPage() {
  const { childId, date } = route.useParams();
  const id = Number(childId);
  const validId = Number.isInteger(id) && id > 0;
  const query = trpc.dailyReports.get.useQuery({ id, date }, { enabled: validId });

  return (
    <Box className="nestling-daily-report" maw={860} mx="auto">
      {!validId || problemCodeOf(query.error) === 'not_found' ? (
        <Card>
          <EmptyNote title="We couldn't find that report" description="This child is not one of yours, or the link is not complete.">
            <ButtonLink to="/" variant="light" size="xs">
              Back to the dashboard
            </ButtonLink>
          </EmptyNote>
        </Card>
      ) : query.error ? (
        isUnauthorized(query.error) ? (
          <SignInPrompt reason="see your child's day" />
        ) : (
          <Card>
            <EmptyNote title="We couldn't show this day" description={messageOf(query.error)}>
              {problemCodeOf(query.error) === 'validation_failed' ? (
                <ButtonLink to="/children/$childId/report/$date" params={{ childId, date: 'today' }} variant="light" size="xs">
                  Open today's report
                </ButtonLink>
              ) : (
                <Button variant="light" size="xs" loading={query.isFetching} onClick={() => void query.refetch()}>
                  Try again
                </Button>
              )}
            </EmptyNote>
          </Card>
        )
      ) : query.data ? (
        <Report report={query.data} />
      ) : (
        <ReportSkeleton />
      )}
    </Box>
  );
}

function Report({ report }: { report: DailyReportDto }) {
  const name = possessiveFirstName(report.child.name);
  const sleptMinutes = report.naps.reduce((total, nap) => total + (nap.durationMinutes ?? 0), 0);
  // In the order the page shows them; a section with nothing in it is left out.
  const sections: { title: string; layout: SectionLayout; rows: ReactNode[] }[] = [
    { title: 'Naps', layout: 'list', rows: report.naps.map((nap) => <NapRow key={nap.start.id} nap={nap} />) },
    { title: 'Meals and snacks', layout: 'list', rows: report.meals.map((meal) => <EntryRow key={meal.id} entry={meal} label={typeLabel(meal.type)} />) },
    { title: 'Activities', layout: 'list', rows: report.activities.map((activity) => <EntryRow key={activity.id} entry={activity} label={typeLabel(activity.type)} />) },
    { title: 'Photos', layout: 'photos', rows: report.photos.map((photo) => <PhotoTile key={photo.id} photo={photo} />) },
    { title: 'Notes from the nursery', layout: 'list', rows: report.notes.map((note) => <EntryRow key={note.id} entry={note} />) },
    { title: 'Home time', layout: 'list', rows: report.departure ? [<EntryRow key={report.departure.id} entry={report.departure} />] : [] },
  ];
  const nothingLogged = !report.arrival && sections.every((section) => section.rows.length === 0);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" data-print-hide>
        <Group gap="xs">
          <ButtonLink
            to="/children/$childId/report/$date"
            params={{ childId: String(report.child.id), date: report.previousDate }}
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
          >
            {reportDayLabel(report.previousDate)}
          </ButtonLink>
          {report.nextDate && (
            <ButtonLink
              to="/children/$childId/report/$date"
              params={{ childId: String(report.child.id), date: report.nextDate }}
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden />}
            >
              {reportDayLabel(report.nextDate)}
            </ButtonLink>
          )}
        </Group>
        <Button variant="light" size="xs" leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>

      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {name} day — {reportDayLabel(report.date)}
        </Title>
        <Text c="dimmed" size="sm">
          {report.child.name}
          {report.isToday && !report.departure ? ' · so far today; more appears as the day goes on' : ''}
        </Text>
      </Stack>

      {nothingLogged ? (
        <Card>
          <EmptyNote
            icon={<IconClipboardList size={22} stroke={1.6} aria-hidden />}
            title={report.isToday ? 'Nothing logged yet today' : 'Nothing was logged this day'}
            description={
              report.isToday
                ? `When ${report.child.name.split(' ')[0]}'s arrival, meals, naps and activities are logged, they will appear here.`
                : `The nursery logged nothing for ${report.child.name.split(' ')[0]} on this day; it may have been a day at home.`
            }
          />
        </Card>
      ) : (
        <>
          <Card>
            <SimpleGrid cols={3} spacing="sm">
              <Fact label="Arrived" value={report.arrival?.time ?? 'Not logged'} />
              <Fact label="Slept" value={report.naps.length === 0 ? 'No nap' : sleptMinutes > 0 ? durationLabel(sleptMinutes) : report.naps.some((nap) => nap.ongoing) ? 'Asleep now' : 'Not logged'} />
              <Fact label="Went home" value={report.departure?.time ?? (report.isToday && report.arrival ? 'Still here' : 'Not logged')} />
            </SimpleGrid>
          </Card>
          {sections
            .filter((section) => section.rows.length > 0)
            .map(({ title, layout, rows }) => (
              <Section key={title} title={title} layout={layout}>
                {rows}
              </Section>
            ))}
        </>
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }}>
        {value}
      </Text>
    </Stack>
  );
}

type SectionLayout = 'list' | 'photos';

function Section({ title, layout, children }: { title: string; layout: SectionLayout; children: ReactNode }) {
  const id = `report-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      {layout === 'photos' ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" className="nestling-report-photos">
          {children}
        </SimpleGrid>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Card>
  );
}

function PhotoTile({ photo }: { photo: ReportPhotoDto }) {
  return (
    <Box component="figure" m={0}>
      <a href={photo.url} target="_blank" rel="noreferrer">
        <Image src={photo.thumbnailUrl} alt={photo.description} radius="md" w="100%" h="auto" loading="lazy" style={{ aspectRatio: `${photo.width} / ${photo.height}` }} />
      </a>
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {photo.time}
      </Text>
    </Box>
  );
}

/** One thing in the day: its time and labels on a line, then what happened; the same on a phone, a desk and paper. */
function Row({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <Stack component="li" gap={4}>
      <Group gap={8}>{heading}</Group>
      {children}
    </Stack>
  );
}

function Time({ children }: { children: ReactNode }) {
  return (
    <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

function Label({ children, outline = false }: { children: ReactNode; outline?: boolean }) {
  return (
    <Badge variant={outline ? 'outline' : 'light'} color="gray" tt="none" size="sm">
      {children}
    </Badge>
  );
}

function EntryRow({ entry, label }: { entry: ReportEntryDto; label?: string }) {
  return (
    <Row
      heading={
        <>
          <Time>{entry.time}</Time>
          {label && <Label>{label}</Label>}
          {entry.wholeClassroom && <Label outline>Whole class</Label>}
        </>
      }
    >
      <Text size="sm">{entry.description}</Text>
    </Row>
  );
}

function NapRow({ nap }: { nap: ReportNapDto }) {
  return (
    <Row
      heading={
        <>
          <IconMoon size={16} aria-hidden />
          <Time>
            {nap.start.time} – {nap.endTime ?? (nap.ongoing ? 'still asleep' : 'wake-up not logged')}
          </Time>
          {nap.durationMinutes !== null && <Label>{durationLabel(nap.durationMinutes)}</Label>}
          {nap.start.wholeClassroom && <Label outline>Whole class</Label>}
        </>
      }
    >
      <Text size="sm">{nap.start.description}</Text>
    </Row>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the report">
      <Skeleton h={28} w="40%" />
      <Skeleton h={34} w="75%" />
      <Skeleton h={84} />
      <Skeleton h={160} />
      <Skeleton h={160} />
    </Stack>
  );
}
