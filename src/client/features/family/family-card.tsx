import { ActionIcon, Badge, Button, Card, CopyButton, Group, Menu, Progress, Radio, SegmentedControl, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconDownload, IconFileZip, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { FamilyRole } from '../../../shared/schemas/auth';
import type { FamilyDto, FamilyMemberDto } from '../../../shared/schemas/family';
import { useDropdownOnDemand } from '../../components/dropdown-on-demand';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

const ROLE_LABELS: Record<FamilyRole, string> = { guardian: 'Guardian', carer: 'Carer' };
const ROLE_HINTS: Record<FamilyRole, string> = {
  guardian: 'Can do everything: book, add children, invite and manage the family.',
  carer: 'Follows the children’s day (activities, photos, the camera) but cannot book or invite.',
};

/** "Your family": the adults who follow the children, and, for guardians, inviting and managing them. */
export function FamilyCard() {
  const family = trpc.family.get.useQuery(undefined);
  return (
    <Card component="section" aria-labelledby="family-title">
      <Title order={2} fz="lg" id="family-title">
        Your family
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        The adults who follow your children on Nestling. Each signs in with their own account.
      </Text>
      <QueryState
        query={family}
        loading={<Skeleton h={80} />}
        empty={{ title: 'No family yet', description: 'Your family will show here.', icon: <IconUsers size={22} stroke={1.6} aria-hidden /> }}
      >
        {(data) => <FamilyDetails family={data} />}
      </QueryState>
    </Card>
  );
}

function FamilyDetails({ family }: { family: FamilyDto }) {
  const isGuardian = family.yourRole === 'guardian';
  return (
    <Stack gap="md">
      <Stack gap="xs" component="ul" aria-label={`Adults of ${family.name}`} p={0} m={0} style={{ listStyle: 'none' }}>
        {family.members.map((member) => (
          <MemberRow key={member.userId} member={member} canManage={isGuardian && !member.isYou} />
        ))}
      </Stack>
      {isGuardian ? <InviteAdult /> : <Text size="sm" c="dimmed">You are a carer in {family.name}. A guardian can invite others or change roles.</Text>}
      {family.members.length > 1 && <LeaveFamily familyName={family.name} />}
      {isGuardian && <ExportFamilyData />}
      {isGuardian && <EraseFamily familyName={family.name} />}
    </Stack>
  );
}

function MemberRow({ member, canManage }: { member: FamilyMemberDto; canManage: boolean }) {
  const manage = useDropdownOnDemand();
  const utils = trpc.useUtils();
  const [resetLink, setResetLink] = useState<string | null>(null);
  const onError = (title: string) => (error: { message: string }) => toast({ title, message: error.message, tone: 'error' });
  const changeRole = trpc.family.members.changeRole.useMutation({
    onSuccess: (family) => {
      utils.family.get.setData(undefined, family);
      toast({ title: 'Role changed', message: `${member.name} is now a ${member.familyRole === 'guardian' ? 'carer' : 'guardian'}.`, tone: 'success' });
    },
    onError: onError('Could not change the role'),
  });
  const remove = trpc.family.members.remove.useMutation({
    onSuccess: (family) => {
      utils.family.get.setData(undefined, family);
      toast({ title: 'Removed from your family', message: `${member.name} no longer sees your children, and is signed out everywhere.`, tone: 'success' });
    },
    onError: onError('Could not remove them'),
  });
  const passwordReset = trpc.family.members.passwordReset.useMutation({
    onSuccess: ({ link }) => setResetLink(link),
    onError: onError('Could not make a reset link'),
  });
  const otherRole: FamilyRole = member.familyRole === 'guardian' ? 'carer' : 'guardian';

  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {member.name}
            {member.isYou && (
              <Text span c="dimmed" fw={400}>
                {' '}
                (you)
              </Text>
            )}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {member.email}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={member.familyRole === 'guardian' ? 'teal' : 'grape'}>
            {ROLE_LABELS[member.familyRole]}
          </Badge>
          {canManage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Manage ${member.name}`} onClick={manage.mount}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              {manage.mounted && (
                <Menu.Dropdown>
                  <Menu.Item onClick={() => changeRole.mutate({ id: member.userId, familyRole: otherRole })}>Make {ROLE_LABELS[otherRole].toLowerCase()}</Menu.Item>
                  <Menu.Item onClick={() => passwordReset.mutate({ id: member.userId })}>Give a password reset link</Menu.Item>
                  <Menu.Item
                    color="red"
                    onClick={() => {
                      if (window.confirm(`Remove ${member.name} from your family? They will no longer see your children.`)) remove.mutate({ id: member.userId });
                    }}
                  >
                    Remove from family
                  </Menu.Item>
                </Menu.Dropdown>
              )}
            </Menu>
          )}
        </Group>
      </Group>
      {resetLink && <LinkToCopy label={`Password reset link for ${member.name}`} link={resetLink} note="It works once, for an hour. Give it to them in person or by message." />}
    </li>
  );
}

function InviteAdult() {
  const utils = trpc.useUtils();
  const [role, setRole] = useState<FamilyRole>('guardian');
  const [created, setCreated] = useState<{ link: string; role: FamilyRole } | null>(null);
  const invite = trpc.family.invitations.create.useMutation({
    onSuccess: async (invitation) => {
      setCreated({ link: invitation.link, role: invitation.familyRole });
      await utils.family.invitations.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not make an invitation', message: error.message, tone: 'error' }),
  });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Invite another adult
      </Text>
      <SegmentedControl
        aria-label="Role of the person you invite"
        value={role}
        onChange={(value) => setRole(value as FamilyRole)}
        data={[
          { value: 'guardian', label: 'Guardian' },
          { value: 'carer', label: 'Carer' },
        ]}
      />
      <Text size="sm" c="dimmed">
        {ROLE_HINTS[role]}
      </Text>
      <Group>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} variant="light" onClick={() => invite.mutate({ familyRole: role })} loading={invite.isPending}>
          Make an invitation link
        </Button>
      </Group>
      {created && (
        <LinkToCopy
          label={`Invitation link for a ${created.role}`}
          link={created.link}
          note="Send it to them yourself. It works once, for 7 days; they sign in or create an account, then join."
        />
      )}
    </Stack>
  );
}

/** A secret link shown once, to copy and hand over. */
function LinkToCopy({ label, link, note }: { label: string; link: string; note: string }) {
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput label={label} value={link} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}

/** "Download our data": a zip built in the background, with its progress, then a link. */
function ExportFamilyData() {
  const utils = trpc.useUtils();
  const [exportId, setExportId] = useState<number | null>(null);
  const start = trpc.family.exports.create.useMutation({
    onSuccess: (created) => setExportId(created.id),
    onError: (error) => toast({ title: 'Could not start the export', message: error.message, tone: 'error' }),
  });
  const current = trpc.family.exports.get.useQuery(
    { id: exportId ?? 0 },
    {
      enabled: exportId !== null,
      // Asks again every second and a half until it is ready or failed.
      refetchInterval: (query) => (query.state.data && ['ready', 'failed'].includes(query.state.data.status) ? false : 1500),
    },
  );
  const found = current.data;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Your family’s data
      </Text>
      <Text size="sm" c="dimmed">
        A zip of everything Nestling holds about your family: profiles, children, activities, bookings, posts and photos, with a README. It is ready to download for 7 days.
      </Text>
      {found && found.status !== 'ready' && found.status !== 'failed' && <Progress value={found.progress} aria-label="Export progress" animated size="md" />}
      {found?.status === 'failed' && (
        <Text size="sm" c="red">
          The export could not be built. Please try again.
        </Text>
      )}
      <Group>
        {found?.status === 'ready' && found.downloadUrl ? (
          <Button component="a" href={found.downloadUrl} leftSection={<IconDownload size={16} aria-hidden />} variant="light">
            Download ({Math.max(1, Math.round((found.byteSize ?? 0) / 1024))} KB)
          </Button>
        ) : (
          <Button
            variant="default"
            leftSection={<IconFileZip size={16} aria-hidden />}
            loading={start.isPending || (found !== undefined && found.status !== 'failed')}
            onClick={() => {
              void utils.family.exports.get.invalidate();
              start.mutate(undefined);
            }}
          >
            Export our data
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Erasing the family: its name typed again, a choice for community posts, then 7 days in which signing in cancels it. */
function EraseFamily({ familyName }: { familyName: string }) {
  const [open, setOpen] = useState(false);
  const [confirmName, setConfirmName] = useState('');
  const [posts, setPosts] = useState<'delete' | 'anonymise'>('delete');
  const erase = trpc.family.scheduleErasure.useMutation({
    onSuccess: (family) => {
      const when = family.erasure ? new Date(family.erasure.eraseAfter).toLocaleDateString(undefined, { dateStyle: 'long' }) : 'in 7 days';
      toast({ title: 'Your family will be erased', message: `On ${when}. Everyone is signed out; signing in again before then cancels it.`, tone: 'success' });
      window.location.assign('/sign-in');
    },
  });
  const nameError = erase.error?.data?.problem?.errors?.find((e) => e.path === 'confirmName')?.message;
  if (!open) {
    return (
      <Group>
        <Button variant="subtle" color="red" size="compact-sm" onClick={() => setOpen(true)}>
          Erase this family…
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="erase-family-title" p="md" style={{ border: '1px solid var(--mantine-color-red-light-color)', borderRadius: 'var(--mantine-radius-md)' }}>
      <Title order={3} fz="md" id="erase-family-title">
        Erase {familyName}
      </Title>
      <Text size="sm">
        In 7 days, every adult’s account, the children, their photos and your uploads are erased. Bookings stay only as the anonymous record a teacher needs. Everyone is signed out now; a
        guardian signing in again before then cancels it.
      </Text>
      <Radio.Group label="Your community posts and comments" value={posts} onChange={(value) => setPosts(value as 'delete' | 'anonymise')}>
        <Stack gap={6} mt={6}>
          <Radio value="delete" label="Delete them" />
          <Radio value="anonymise" label="Keep them, signed “A parent”" />
        </Stack>
      </Radio.Group>
      <TextInput label={`Type “${familyName}” to confirm`} value={confirmName} onChange={(event) => setConfirmName(event.currentTarget.value)} error={nameError} autoComplete="off" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setOpen(false)}>
          Keep my family
        </Button>
        <Button color="red" loading={erase.isPending} disabled={confirmName.trim() === ''} onClick={() => erase.mutate({ confirmName, posts })}>
          Erase in 7 days
        </Button>
      </Group>
    </Stack>
  );
}

function LeaveFamily({ familyName }: { familyName: string }) {
  const leave = trpc.family.leave.useMutation({
    onSuccess: () => {
      toast({ title: 'You left the family', message: `You no longer follow ${familyName}'s children.`, tone: 'success' });
      // Everything on screen was the family's: start afresh.
      window.location.assign('/');
    },
    onError: (error) => toast({ title: 'Could not leave the family', message: error.message, tone: 'error' }),
  });
  return (
    <Group>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        loading={leave.isPending}
        onClick={() => {
          if (window.confirm(`Leave ${familyName}? You will no longer see its children.`)) leave.mutate(undefined);
        }}
      >
        Leave this family
      </Button>
    </Group>
  );
}
