// @vitest-environment happy-dom
import '../../test/dom-setup';
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../../test/live-server';
import { renderApp } from '../../test/render-app';

let server: LiveServer;
let ids: Record<string, number>;
beforeAll(async () => {
  server = await startLiveServer();
  await server.signIn(demoAccounts.parent);
  const children = (await (await fetch('/api/children', { credentials: 'include' })).json()) as { id: number; name: string }[];
  ids = Object.fromEntries(children.map((child) => [child.name.split(' ')[0], child.id]));
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the daily report', () => {
  it("opens from the child card's Schedule link on today's report", async () => {
    const { user } = renderApp('/');
    const maya = await screen.findByRole('article', { name: 'Maya Thompson' });
    const schedule = within(maya).getByRole('link', { name: 'Schedule' });
    expect(schedule).toHaveAttribute('href', `/children/${ids.Maya}/report/today`);
    await user.click(schedule);
    expect(await screen.findByRole('heading', { level: 1, name: /^Maya’s day — [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/ })).toBeInTheDocument();
    const activities = await screen.findByRole('region', { name: 'Activities' });
    expect(within(activities).getByText('Maya zoomed around the garden scooter track and stopped to help a younger friend with her helmet.')).toBeInTheDocument();
    expect(within(activities).getAllByText('Whole class').length).toBeGreaterThan(0);
  });

  it('says a nap with nothing after it is still going on', async () => {
    renderApp(`/children/${ids.Leo}/report/today`);
    const naps = await screen.findByRole('region', { name: 'Naps' });
    expect(within(naps).getByText(/ – still asleep$/)).toBeInTheDocument();
    expect(screen.getByText('Asleep now')).toBeInTheDocument();
  });

  it('says kindly that nothing was logged on an empty day, with the days either side', async () => {
    renderApp(`/children/${ids.Maya}/report/2000-01-04`);
    expect(await screen.findByText('Nothing was logged this day')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maya’s day — Tuesday 4 January 2000');
    expect(screen.getByRole('link', { name: 'Monday 3 January 2000' })).toHaveAttribute('href', `/children/${ids.Maya}/report/2000-01-03`);
    expect(screen.getByRole('link', { name: 'Wednesday 5 January 2000' })).toHaveAttribute('href', `/children/${ids.Maya}/report/2000-01-05`);
  });

  it('prints with the Print button', async () => {
    // happy-dom has no print dialog to open.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderApp(`/children/${ids.Maya}/report/today`);
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("says so for a child who is not the family's, and for a day still to come offers today's", async () => {
    renderApp('/children/999999/report/today');
    expect(await screen.findByText("We couldn't find that report")).toBeInTheDocument();
    cleanup();
    renderApp(`/children/${ids.Maya}/report/2098-01-01`);
    expect(await screen.findByText(/^2098-01-01 has not come yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open today's report" })).toHaveAttribute('href', `/children/${ids.Maya}/report/today`);
  });
});
