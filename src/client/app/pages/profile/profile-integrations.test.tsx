// @vitest-environment happy-dom
import '../../../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, waitUntil } from '../../../../../tests/webhooks/webhook-receiver';
import { demoAccounts, startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderApp } from '../../../test/render-app';

let server: LiveServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  [server, receiver] = await Promise.all([startLiveServer(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), receiver?.close()]);
});
afterEach(() => cleanup());

async function openIntegrations() {
  const rendered = renderApp('/profile');
  const section = (await screen.findByRole('heading', { level: 2, name: 'Integrations' })).closest('section')!;
  return { ...rendered, section };
}

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(path, { method, credentials: 'include', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, body: (await response.json()) as T };
}

const webhooksCard = async () => (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section')!;

describe('Profile > Personal Info > Integrations, for a guardian', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('holds the calendar link, API access and webhooks, and says what a webhook is; there are none yet', async () => {
    const { section } = await openIntegrations();
    for (const name of ['Calendar subscription', 'API access', 'Webhooks']) expect(within(section).getByRole('heading', { level: 3, name })).toBeInTheDocument();
    const card = await webhooksCard();
    expect(within(card).getByText(/A webhook lets an app of yours hear the moment something happens in your family/)).toBeInTheDocument();
    expect(await within(card).findByText('No webhooks yet')).toBeInTheDocument();
  });

  it("adds a webhook: a missing address and no events are refused beside their fields, the server's refusal beside the address, then the secret is shown once", async () => {
    const { user } = await openIntegrations();
    const card = await webhooksCard();
    await user.click(within(card).getByRole('button', { name: 'Add webhook' }));
    expect(within(card).getByText('Give a full https:// address, such as https://example.com/nestling-webhook.')).toBeInTheDocument();
    expect(within(card).getByText('Choose at least one event to receive.')).toBeInTheDocument();

    // Valid to the form, refused by the server: plain http to another machine.
    const address = within(card).getByRole('textbox', { name: /^Address/ });
    await user.type(address, 'http://example.com/hook');
    await user.click(within(card).getByRole('checkbox', { name: /A child is added to your family/ }));
    await user.click(within(card).getByRole('button', { name: 'Add webhook' }));
    expect(await within(card).findByText(/^Use an https:\/\/ address/)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await user.clear(address);
    await user.type(address, receiver.url);
    await user.type(within(card).getByRole('textbox', { name: /^Description/ }), 'Home dashboard');
    await user.click(within(card).getByRole('button', { name: 'Add webhook' }));
    const secret = (await within(card).findByTestId('new-webhook-secret')).textContent!;
    expect(secret).toMatch(/^whsec_/);
    expect(within(card).getByRole('button', { name: 'Copy signing secret' })).toBeInTheDocument();

    const item = await within(card).findByRole('listitem', { name: 'Home dashboard' });
    expect(item).toHaveTextContent(receiver.url);
    expect(item).toHaveTextContent('child.created');
    expect(item).toHaveTextContent('On');
    expect(item).not.toHaveTextContent(secret);

    // Shown once: a fresh visit lists the webhook without its secret.
    cleanup();
    await openIntegrations();
    const again = await webhooksCard();
    await within(again).findByRole('listitem', { name: 'Home dashboard' });
    expect(within(again).queryByTestId('new-webhook-secret')).not.toBeInTheDocument();
  });

  it('shows the message sent when a child is added: its event, status, answer and time', async () => {
    const added = await api('POST', '/api/children', { name: 'Webhook Thompson', dateOfBirth: '2023-04-01' });
    expect(added.status).toBe(201);

    const { user } = await openIntegrations();
    const item = await within(await webhooksCard()).findByRole('listitem', { name: 'Home dashboard' });
    await user.click(within(item).getByRole('button', { name: 'Show messages sent' }));
    const log = await within(item).findByRole('list', { name: 'Messages sent' });
    // Pending until the server's worker has delivered it; the log looks again while any is.
    await waitFor(() => expect(within(log).getByText('Delivered')).toBeInTheDocument(), { timeout: 15_000 });
    const [row, ...others] = within(log).getAllByRole('listitem');
    expect(others).toEqual([]);
    expect(row).toHaveTextContent('child.created');
    expect(row).toHaveTextContent(/Answered 200 in \d+ ms · 1 attempt · just now/);
    expect(receiver.received.map((delivery) => JSON.parse(delivery.body) as { type: string; data: { child: { name: string } } })).toEqual([
      expect.objectContaining({ type: 'child.created', data: expect.objectContaining({ child: expect.objectContaining({ name: 'Webhook Thompson' }) }) }),
    ]);
  });

  it('sends a message again with the same webhook-id, and shows it delivered afresh', async () => {
    const { user } = await openIntegrations();
    const item = await within(await webhooksCard()).findByRole('listitem', { name: 'Home dashboard' });
    await user.click(within(item).getByRole('button', { name: 'Show messages sent' }));
    const log = await within(item).findByRole('list', { name: 'Messages sent' });
    await user.click(await within(log).findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Sending it again')).toBeInTheDocument();
    await waitUntil(() => receiver.received.length === 2);
    const [first, again] = receiver.received;
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(again!.body).toBe(first!.body);
    // Its attempts count afresh from the resend.
    await waitFor(() => expect(within(log).getByRole('listitem')).toHaveTextContent(/Delivered.*Answered 200 in \d+ ms · 1 attempt/), { timeout: 15_000 });
  });

  it('deletes a webhook after asking', async () => {
    const { user } = await openIntegrations();
    const card = await webhooksCard();
    const item = await within(card).findByRole('listitem', { name: 'Home dashboard' });
    const asked: string[] = [];
    window.confirm = (message?: string) => {
      asked.push(message ?? '');
      return false;
    };
    await user.click(within(item).getByRole('button', { name: 'Delete Home dashboard' }));
    expect(asked).toEqual([expect.stringContaining(receiver.url)]);
    expect(item).toBeInTheDocument();

    window.confirm = () => true;
    await user.click(within(item).getByRole('button', { name: 'Delete Home dashboard' }));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(await within(card).findByText('No webhooks yet')).toBeInTheDocument();
    expect((await api<unknown[]>('GET', '/api/webhooks')).body).toEqual([]);
  });

  it('says why a webhook was turned off, and turns it back on', async () => {
    const failing = await startReceiver([500]);
    try {
      const created = await api<{ id: number }>('POST', '/api/webhooks', { url: failing.url, eventTypes: ['child.created'], description: 'Flaky app' });
      expect(created.status).toBe(201);
      expect((await api('POST', '/api/children', { name: 'Flaky Thompson', dateOfBirth: '2023-05-01' })).status).toBe(201);
      // The live server's retry schedule is scaled down: "3 days" of failures take about 5 s.
      await waitUntil(async () => (await api<{ disabledAt: string | null }>('GET', `/api/webhooks/${created.body.id}`)).body.disabledAt !== null, 30_000);

      const { user } = await openIntegrations();
      const item = await within(await webhooksCard()).findByRole('listitem', { name: 'Flaky app' });
      expect(within(item).getByText('Turned off')).toBeInTheDocument();
      expect(within(item).getByText(/^Deliveries failed for 3 days; the last attempt answered 500\./)).toBeInTheDocument();
      await user.click(within(item).getByRole('button', { name: 'Show messages sent' }));
      const log = await within(item).findByRole('list', { name: 'Messages sent' });
      expect(within(log).getByText('Failed')).toBeInTheDocument();
      // While it is off the server refuses to resend, so there is no button to.
      expect(within(log).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();

      await user.click(within(item).getByRole('button', { name: 'Turn back on' }));
      expect(await screen.findByText('Webhook turned back on')).toBeInTheDocument();
      await waitFor(() => expect(within(item).getByText('On')).toBeInTheDocument());
      expect(within(item).queryByText(/^Deliveries failed for 3 days/)).not.toBeInTheDocument();
      expect(await within(log).findByRole('button', { name: 'Resend' })).toBeInTheDocument();
      expect((await api<{ disabledAt: string | null }>('GET', `/api/webhooks/${created.body.id}`)).body.disabledAt).toBeNull();
    } finally {
      await failing.close();
    }
  });
});

describe('Profile > Personal Info, for staff and carers', () => {
  it("shows staff their API access, and webhooks for their nursery's activities", async () => {
    await server.signIn(demoAccounts.staff);
    const { section } = await openIntegrations();
    expect(within(section).getByRole('heading', { name: 'API access' })).toBeInTheDocument();
    const card = await webhooksCard();
    expect(within(card).getByText(/hear the moment staff log an activity/)).toBeInTheDocument();
    expect(within(card).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['activity.created']);
    expect(await within(card).findByText('No webhooks yet')).toBeInTheDocument();
  });

  it('shows a carer no Integrations at all', async () => {
    const carer = { email: 'carer-integrations@nestling.test', password: 'a quiet harbour at dawn 7' };
    const signUp = await fetch('/api/auth/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Cora Carer', ...carer }) });
    expect(signUp.status).toBe(200);
    await server.signIn(demoAccounts.parent);
    const invitation = await api<{ link: string }>('POST', '/api/family/invitations', { familyRole: 'carer' });
    expect(invitation.status).toBe(201);
    const { link } = invitation.body;
    const asCarer = await server.as(carer);
    expect((await asCarer.post(`/api/family-invitations/${link.split('/join/')[1]}/acceptance`, {})).status).toBe(200);

    await server.signIn(carer);
    renderApp('/profile');
    await screen.findByRole('heading', { level: 2, name: 'Cora Carer' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'API access' })).not.toBeInTheDocument();
  });
});
