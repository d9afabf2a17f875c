// @vitest-environment happy-dom
import '../test/dom-setup';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeAgo } from '../../shared/relative-time';
import { ServerClockContext } from './server-clock';
import { useNow } from './use-now';

const renderedAt = Date.parse('2026-11-27T09:00:30Z');
const activityAt = new Date(renderedAt - 20_000);

function ActivityTime() {
  return <time>{timeAgo(activityAt, useNow())}</time>;
}

const page = (
  <ServerClockContext value={{ at: renderedAt, hour: 9, date: 'Friday, November 27' }}>
    <ActivityTime />
  </ServerClockContext>
);

describe('useNow on a server-rendered page', () => {
  afterEach(() => vi.useRealTimers());

  it('hydrates with the instant the server rendered at, then shows the browser’s time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(renderedAt);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(container.textContent).toBe('just now');

    // The page hydrates 45 s later: the activity is now over a minute old.
    vi.setSystemTime(renderedAt + 45_000);
    const problems: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => problems.push(error) }));
    expect(problems).toEqual([]);
    expect(container.textContent).toBe('1 minute ago');
    act(() => root.unmount());
  });
});
