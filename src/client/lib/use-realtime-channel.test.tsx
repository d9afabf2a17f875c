// @vitest-environment happy-dom
import '../test/dom-setup';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testActivity as activity } from '../test/activity-fixture';
import { closeCodes } from '../../shared/realtime-constants';
import { feedUrl, retryDelay, useRealtimeChannel, type RealtimeChannelOptions } from './use-realtime-channel';

/** A WebSocket the test drives: it opens, receives and drops when told to, and records what was sent. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: Record<string, unknown>[] = [];
  closedBy?: { code: number; reason: string };

  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  /** The page closes it. */
  close(code: number, reason: string) {
    this.closedBy = { code, reason };
    this.drop(code);
  }

  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  receive(message: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The server or the network closes it. */
  drop(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}


/**
 * Lets the hook's awaits (the lazily loaded decoder, and the task it waits between its two
 * chunks) finish; the retry timers, a second or more away, stay faked.
 */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 10; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(0);
    }
  });

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

/** The newest socket, opened and joined as the server would. */
async function joinNewest(lastEventId = 0) {
  await settle();
  const socket = FakeSocket.opened.at(-1)!;
  act(() => {
    socket.open();
    socket.receive({ type: 'joined', channel: String(socket.sent[0]?.channel), lastEventId });
  });
  return socket;
}

function render(channel: string | null, options: RealtimeChannelOptions = {}) {
  return renderHook(({ channel }) => useRealtimeChannel(channel, options), { initialProps: { channel } });
}

beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // setImmediate stays real so settle() can let promises run.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // No jitter: each delay is exactly 1 s, 2 s, 4 s ...
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('feedUrl', () => {
  it('uses ws on http pages and wss on https pages', () => {
    expect(feedUrl('classroom-3b', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws?channel=classroom-3b');
    expect(feedUrl('classroom-3b', { protocol: 'https:', host: 'nestling.app' })).toBe('wss://nestling.app/ws?channel=classroom-3b');
  });
});

describe('retryDelay', () => {
  it('doubles from one second up to thirty, give or take a quarter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => retryDelay(attempt, middle))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelay(0, () => 0)).toBe(750);
    expect(retryDelay(0, () => 1)).toBe(1250);
  });
});

describe('useRealtimeChannel', () => {
  it('joins its channel once open and hands every later message to the caller', async () => {
    const onMessage = vi.fn();
    const onJoin = vi.fn();
    const { result } = render('notifications:me', { onMessage, onJoin });
    expect(result.current.status).toBe('connecting');
    const socket = await joinNewest();
    expect(socket.url).toMatch(/\/ws\?channel=notifications%3Ame$/);
    expect(socket.sent).toEqual([{ type: 'join', channel: 'notifications:me' }]);
    expect(result.current.status).toBe('open');
    expect(onJoin).toHaveBeenCalledExactlyOnceWith(false);

    act(() => socket.receive({ type: 'unread', unread: 3 }));
    act(() => socket.dispatchEvent(new MessageEvent('message', { data: '{not json' })));
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ type: 'unread', unread: 3 });
  });

  it('reconnects after an abnormal close, waiting longer after each failed attempt, and rejoins its channel', async () => {
    const onJoin = vi.fn();
    const { result } = render('conversation:inbox', { onJoin });
    const first = await joinNewest();

    act(() => first.drop(1006));
    expect(result.current.status).toBe('closed');
    await advance(999);
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
    await advance(1);
    await settle();
    expect(FakeSocket.opened).toHaveLength(2);
    expect(result.current.status).toBe('connecting');

    // The second attempt fails before joining: the next waits twice as long.
    act(() => FakeSocket.opened[1]!.drop(1006));
    await advance(1999);
    await settle();
    expect(FakeSocket.opened).toHaveLength(2);
    await advance(1);
    const rejoined = await joinNewest();
    expect(rejoined.sent).toEqual([{ type: 'join', channel: 'conversation:inbox' }]);
    expect(result.current.status).toBe('open');
    expect(onJoin.mock.calls).toEqual([[false], [true]]);

    // A join starts the backoff over.
    act(() => rejoined.drop(1006));
    await advance(1000);
    await settle();
    expect(FakeSocket.opened).toHaveLength(4);
  });

  it.each([
    ['the server going away', closeCodes.goingAway],
    ['too many connections', closeCodes.policyViolation],
  ])('tries again after %s', async (_, code) => {
    render('classroom-3b');
    const socket = await joinNewest();
    act(() => socket.drop(code));
    await advance(1000);
    await settle();
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it.each([
    ['not signed in', closeCodes.notSignedIn],
    ['not allowed on the channel', closeCodes.notAllowed],
  ])('stops trying when %s', async (_, code) => {
    const { result } = render('classroom-3b');
    const socket = await joinNewest();
    act(() => {
      socket.receive({ type: 'error', code: 'FORBIDDEN', message: 'You cannot watch this camera.' });
      socket.drop(code);
    });
    await advance(60_000);
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
    expect(result.current.status).toBe('closed');
    expect(console.error).toHaveBeenCalledWith('Realtime channel classroom-3b: You cannot watch this camera.');
  });

  it('with catchUp, rejoins naming the last event it had', async () => {
    render('classroom-3b', { catchUp: true });
    const first = await joinNewest(40);
    act(() => first.drop(1006));
    await advance(1000);
    const second = await joinNewest(41);
    // Nothing arrived: the rejoin names the event from the first join.
    expect(second.sent).toEqual([{ type: 'join', channel: 'classroom-3b', lastEventId: 40 }]);

    act(() => second.receive({ type: 'activity', data: activity(7), eventId: 44 }));
    act(() => second.drop(1006));
    await advance(1000);
    const third = await joinNewest(44);
    expect(third.sent).toEqual([{ type: 'join', channel: 'classroom-3b', lastEventId: 44 }]);
  });

  it('without catchUp, rejoins without an event id', async () => {
    render('classroom-3b');
    const first = await joinNewest(40);
    act(() => first.drop(1006));
    await advance(1000);
    const second = await joinNewest(41);
    expect(second.sent).toEqual([{ type: 'join', channel: 'classroom-3b' }]);
  });

  it('closes on unmount and does not come back', async () => {
    const { unmount } = render('classroom-3b');
    const socket = await joinNewest();
    unmount();
    expect(socket.closedBy).toEqual({ code: 1000, reason: 'left the page' });
    await advance(60_000);
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('stops waiting to retry on unmount', async () => {
    const { unmount } = render('classroom-3b');
    const socket = await joinNewest();
    act(() => socket.drop(1006));
    unmount();
    await advance(60_000);
    await settle();
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('moves to a new channel on a new connection, and the old one reports nothing more', async () => {
    const onJoin = vi.fn();
    const { result, rerender } = render('conversation:1', { onJoin });
    const old = await joinNewest();
    rerender({ channel: 'conversation:2' });
    expect(old.closedBy).toEqual({ code: 1000, reason: 'left the page' });
    const next = await joinNewest();
    expect(next.sent).toEqual([{ type: 'join', channel: 'conversation:2' }]);
    // A new channel's first join is not a rejoin.
    expect(onJoin.mock.calls).toEqual([[false], [false]]);
    act(() => old.drop(1006));
    expect(result.current.status).toBe('open');
    await advance(60_000);
    await settle();
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it('opens nothing for a null channel', async () => {
    const { result } = render(null);
    await settle();
    expect(FakeSocket.opened).toHaveLength(0);
    expect(result.current.status).toBe('closed');
    expect(result.current.send({ type: 'typing' })).toBe(false);
  });

  it("sends frames only on an open connection, and otherwise logs 'WebSocket is not connected'", async () => {
    const { result } = render('conversation:1');
    await settle();
    expect(result.current.send({ type: 'typing' })).toBe(false);
    const socket = await joinNewest();
    expect(result.current.send({ type: 'typing' })).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'typing' });
    act(() => socket.drop(1006));
    expect(result.current.send({ type: 'typing' })).toBe(false);
    expect(console.warn).toHaveBeenCalledTimes(2);
    expect(console.warn).toHaveBeenCalledWith('WebSocket is not connected');
  });
});
