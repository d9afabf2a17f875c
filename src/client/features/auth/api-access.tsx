import { Badge, Button, Card, Checkbox, Code, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { longDate } from '../../../shared/display';
import { API_SCOPES, DEFAULT_API_SCOPES, type ApiScope } from '../../../shared/api-scopes';
import { createApiTokenInput, type ApiTokenDto } from '../../../shared/schemas/auth';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { SecretShownOnce } from '../../components/secret-shown-once';

const dateOf = (iso: string) => longDate(new Date(iso));

/** How long a new token lasts, in days; '' is until revoked. */
const LIFETIMES = [
  { value: '', label: 'Until I revoke it' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'A year' },
];
const expiryIn = (days: string) => (days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : null);

/** Personal API tokens: create one (shown once), see them, revoke them. */
export function ApiAccess() {
  const utils = trpc.useUtils();
  const tokens = trpc.apiTokens.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [scopes, setScopes] = useState<string[]>(DEFAULT_API_SCOPES);
  const [lifetime, setLifetime] = useState('');
  const [scopesError, setScopesError] = useState<string | undefined>();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  const create = trpc.apiTokens.create.useMutation({
    onSuccess: async (token) => {
      setCreated({ name: token.name, token: token.token });
      setName('');
      await utils.apiTokens.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not create the token', message: error.message, tone: 'error' }),
  });
  const revoke = trpc.apiTokens.revoke.useMutation({
    onSuccess: async (token) => {
      toast({ title: 'Token revoked', message: `'${token.name}' can no longer be used.`, tone: 'success' });
      await utils.apiTokens.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not revoke the token', message: error.message, tone: 'error' }),
  });

  const submit = () => {
    const parsed = createApiTokenInput.safeParse({ name, scopes, expiresAt: expiryIn(lifetime) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'scopes') setScopesError(issue.message);
      else setNameError(issue?.message);
      return;
    }
    create.mutate(parsed.data);
  };

  const confirmRevoke = (token: ApiTokenDto) => {
    if (window.confirm(`Revoke '${token.name}'? Apps using it will stop working.`)) revoke.mutate({ id: token.id });
  };

  return (
    <Card component="section" aria-labelledby="api-access-title">
      <Title order={3} fz="lg" id="api-access-title">
        API access
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Personal tokens let your own apps read and book through the Nestling API, each only with what you allow it. Send one as{' '}
        <Code>Authorization: Bearer nst_…</Code>.
      </Text>
      {created && (
        <SecretShownOnce
          title={`Your new token '${created.name}'`}
          icon={<IconKey size={18} aria-hidden />}
          value={created.token}
          copyLabel="Copy token"
          testId="new-token"
          onClose={() => setCreated(null)}
        >
          Copy it now: it is shown only once.
        </SecretShownOnce>
      )}
      <form
        noValidate
        aria-label="Create an API token"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group align="flex-start" gap="sm" mb="md">
          <TextInput
            label="Token name"
            placeholder="Such as 'Family calendar sync'"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(undefined);
            }}
            error={nameError}
            maxLength={80}
            style={{ flex: 1 }}
          />
          <NativeSelect label="Lasts" data={LIFETIMES} value={lifetime} onChange={(event) => setLifetime(event.currentTarget.value)} w={170} />
        </Group>
        <Checkbox.Group
          label="What it may do"
          value={scopes}
          onChange={(value) => {
            setScopes(value);
            setScopesError(undefined);
          }}
          error={scopesError}
          mb="md"
        >
          <Stack gap="xs" mt="xs">
            {Object.entries(API_SCOPES).map(([scope, meaning]) => (
              <Checkbox key={scope} value={scope} label={meaning} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button type="submit" loading={create.isPending} mb="md">
          Create token
        </Button>
      </form>
      <QueryState
        query={{ ...tokens, data: tokens.data?.pages.flatMap((page) => page.items) }}
        loading={<Skeleton h={60} />}
        empty={{ title: 'No API tokens yet', description: 'Create one when an app of yours needs to reach Nestling.', icon: <IconKey size={22} stroke={1.6} aria-hidden /> }}
      >
        {(list) => (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label="API tokens" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Token</Table.Th>
                    <Table.Th>May do</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Last used</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((token) => (
                    <Table.Tr key={token.id}>
                      <Table.Td>{token.name}</Table.Td>
                      <Table.Td>
                        <Code>{token.prefix}…</Code>
                      </Table.Td>
                      <Table.Td>
                        <ScopeList scopes={token.scopes} />
                      </Table.Td>
                      <Table.Td>
                        {dateOf(token.createdAt)}
                        {token.expiresAt && (
                          <Text size="xs" c="dimmed">
                            Until {dateOf(token.expiresAt)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {token.lastUsedAt ? dateOf(token.lastUsedAt) : 'Never'}
                        {token.lastUsedIp && (
                          <Text size="xs" c="dimmed">
                            from {token.lastUsedIp}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {token.revokedAt || (token.expiresAt && Date.parse(token.expiresAt) <= Date.now()) ? (
                          <Badge color="gray" variant="light" tt="none">
                            {token.revokedAt ? 'Revoked' : 'Expired'}
                          </Badge>
                        ) : (
                          <Button size="xs" variant="light" color="red" onClick={() => confirmRevoke(token)} loading={revoke.isPending && revoke.variables?.id === token.id}>
                            Revoke
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {tokens.hasNextPage && (
              <Button variant="subtle" size="xs" mt="xs" onClick={() => void tokens.fetchNextPage()} loading={tokens.isFetchingNextPage}>
                Show older tokens
              </Button>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}

function ScopeList({ scopes }: { scopes: ApiScope[] }) {
  return (
    <Stack gap={2}>
      {scopes.map((scope) => (
        <Code key={scope} fz="xs" w="fit-content">
          {scope}
        </Code>
      ))}
    </Stack>
  );
}
