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

/** Every socket the page opens, and what it sends, so a test can drop one as a lost signal would. */
function recordSockets() {
  const Original = window.WebSocket;
  const opened: { socket: WebSocket; sent: unknown[] }[] = [];
  window.WebSocket = class extends Original {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      const record = { socket: this as WebSocket, sent: [] as unknown[] };
      opened.push(record);
      const send = this.send.bind(this);
      this.send = (data) => {
        record.sent.push(JSON.parse(String(data)));
        send(data);
      };
    }
  } as typeof WebSocket;
  /** The sockets that joined `channel` (the page also keeps one open for the notification bell). */
  const joined = (channel: string) => opened.filter((record) => (record.sent[0] as { channel?: string } | undefined)?.channel === channel);
  return { opened, joined, restore: () => void (window.WebSocket = Original) };
}

describe('the live activity log after a lost connection', () => {
  it('rejoins with the last event it had and shows every activity logged meanwhile, in order, once', async () => {
    const sockets = recordSockets();
    try {
      renderApp('/monitoring');
      const log = await screen.findByRole('list', { name: 'Activity Log' });
      await screen.findByText('Live');
      const staff = await server.as(demoAccounts.staff);
      await staff.post('/api/activities', { channel: 'classroom-3b', type: 'play', description: 'Seen live' });
      await within(log).findByText('Seen live');

      // The signal drops; five activities are logged before the page reconnects (a second at the earliest).
      sockets.joined('classroom-3b')[0]!.socket.close();
      for (let n = 1; n <= 5; n += 1) {
        await staff.post('/api/activities', { channel: 'classroom-3b', type: 'play', description: `While away ${n}` });
      }
      await within(log).findByText('While away 5', {}, { timeout: 10_000 });

      const rejoin = sockets.joined('classroom-3b')[1]!.sent[0] as { type: string; lastEventId?: number };
      expect(rejoin).toMatchObject({ type: 'join', channel: 'classroom-3b', lastEventId: expect.any(Number) });
      await waitFor(() => {
        const texts = within(log)
          .getAllByRole('listitem')
          .map((item) => item.textContent ?? '');
        const order = ['While away 5', 'While away 4', 'While away 3', 'While away 2', 'While away 1', 'Seen live'];
        expect(order.map((text) => texts.filter((t) => t.includes(text)).length)).toEqual([1, 1, 1, 1, 1, 1]);
        expect(order.map((text) => texts.findIndex((t) => t.includes(text)))).toEqual([0, 1, 2, 3, 4, 5]);
      });
    } finally {
      sockets.restore();
    }
  });
});
