// @vitest-environment happy-dom
import '../../test/dom-setup';
import { cleanup, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../../test/live-server';
import { renderApp, type renderApp as RenderApp } from '../../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());
afterEach(() => cleanup());

type User = ReturnType<typeof RenderApp>['user'];

/** Picks a day in the date picker, moving to the next month when the day is there. */
async function pickDate(user: User, dialog: HTMLElement, date: dayjs.Dayjs) {
  await user.click(within(dialog).getByRole('button', { name: /^Date/ }));
  if (date.month() !== dayjs().month()) await user.click(await screen.findByRole('button', { name: 'Next month' }));
  await user.click(await screen.findByRole('button', { name: date.format('D MMMM YYYY') }));
}

async function pickOption(user: User, dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The first page of the parent's bookings, newest first. */
async function myBookings() {
  const response = await fetch('/api/mental-health/bookings', { credentials: 'include' });
  return ((await response.json()) as { items: { kind: string; title: string; price: number; date: string; timeWindow: string; notes: string }[] }).items;
}

describe('Mental Health, signed out', () => {
  it('shows the catalogue, resources and two videos, and asks to sign in before booking', async () => {
    const { user } = renderApp('/mental-health');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mental Health' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Services', 'Specialists', 'Resources']);

    const guidance = await screen.findByRole('article', { name: 'Guidance' });
    expect(within(guidance).getByText('Free')).toBeInTheDocument();
    expect(within(guidance).getByText('$50.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book Virtual session (60 minutes)' }));
    expect(await screen.findByText('Please sign in')).toBeInTheDocument();
    expect(screen.getByText('You need to be signed in to book a service.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Specialists' }));
    await user.click(await screen.findByRole('button', { name: 'Book a session with Dr. Nadia Rahman' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Resources' }));
    expect(await screen.findByRole('article', { name: 'When Worry Gets Big: Anxiety in Young Children' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Articles' }).querySelectorAll('article')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Videos' }).querySelectorAll('article')).toHaveLength(2);
  });
});

describe('Mental Health, signed in', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it("books a counseling option for a day ahead and says 'Service scheduled.'", async () => {
    const { user } = renderApp('/mental-health');
    await user.click(await screen.findByRole('button', { name: 'Book Virtual session (60 minutes)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Counseling' });
    const schedule = within(dialog).getByRole('button', { name: 'Schedule service' });
    expect(schedule).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: /^Date/ }));
    // Today cannot be booked: the window starts tomorrow.
    expect(await screen.findByRole('button', { name: dayjs().format('D MMMM YYYY') })).toBeDisabled();
    await user.keyboard('{Escape}');

    const day = dayjs().add(3, 'day');
    await pickDate(user, dialog, day);
    await pickOption(user, dialog, /Preferred time/, 'Morning (9AM-12PM)');
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Evenings are hard <script>x</script>');
    await user.click(schedule);

    expect(await screen.findByText('Service scheduled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await myBookings())[0]).toMatchObject({
      kind: 'service',
      title: 'Counseling',
      price: 6000,
      date: day.format('YYYY-MM-DD'),
      timeWindow: 'morning',
      notes: 'Evenings are hard <script>x</script>',
    });
  });

  it("books a specialist session and says 'Session scheduled.'", async () => {
    const { user } = renderApp('/mental-health');
    await user.click(await screen.findByRole('tab', { name: 'Specialists' }));
    await user.click(await screen.findByRole('button', { name: 'Book a session with Dr. Nadia Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a session with Dr. Nadia Rahman' });

    await pickOption(user, dialog, /Session type/, 'Initial consultation · 45 minutes · $75.00');
    await pickDate(user, dialog, dayjs().add(5, 'day'));
    await pickOption(user, dialog, /Preferred time/, 'Evening (5PM-7PM)');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule session' }));

    expect(await screen.findByText('Session scheduled.')).toBeInTheDocument();
    expect((await myBookings())[0]).toMatchObject({ kind: 'specialist', title: 'Dr. Nadia Rahman', price: 7500, timeWindow: 'evening' });
  });
});
