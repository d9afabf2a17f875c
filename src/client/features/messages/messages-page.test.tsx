// @vitest-environment happy-dom
import '../../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../../test/live-server';
import { renderApp } from '../../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  await server.signIn(demoAccounts.parent);
});
afterAll(() => server.close());
afterEach(() => cleanup());

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`/api${path}`, { credentials: 'include' });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('sending a message', () => {
  it('shows it at once, and retries a failed send with the same client id, so it is stored once', async () => {
    const conversations = await api<{ id: number; classroom: { name: string } }[]>('/conversations');
    const { id } = conversations.find((c) => c.classroom.name === 'Classroom 3B')!;
    // The first send never reaches the server (the phone lost its signal); every attempt's client id is noted.
    const realFetch = window.fetch;
    const clientIds: string[] = [];
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('messages.send')) {
        clientIds.push(/"clientId":"([^"]+)"/.exec(String(init?.body))?.[1] ?? '');
        if (clientIds.length === 1) throw new TypeError('Failed to fetch');
      }
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const { user } = renderApp(`/messages?conversation=${id}`);
      const body = `Please pack spare socks ${Math.random().toString(36).slice(2, 8)}`;
      await user.type(await screen.findByRole('textbox', { name: 'Message' }), `${body}{Enter}`);
      const log = within(screen.getByRole('log', { name: 'Messages' }));
      expect(log.getByText(body)).toBeInTheDocument();
      await log.findByText('Not sent.');
      await user.click(log.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(log.queryByText('Not sent.')).toBeNull());
      await waitFor(() => expect(log.queryByText('Sending…')).toBeNull());
      const page = await api<{ items: { body: string }[] }>(`/conversations/${id}/messages?limit=100`);
      expect(page.items.filter((message) => message.body === body)).toHaveLength(1);
      expect(log.getAllByText(body)).toHaveLength(1);
      expect(clientIds).toHaveLength(2);
      expect(clientIds[1]).toBe(clientIds[0]);
    } finally {
      window.fetch = realFetch;
    }
  });
});
