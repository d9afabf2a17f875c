// @vitest-environment happy-dom
import '../../../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../../../test/live-server';
import { renderApp } from '../../../test/render-app';

/** The header card's booking count ("2 Bookings"); the notification settings also name Bookings. */
const bookingCount = () => screen.getAllByText('Bookings', { selector: 'p' }).find((p) => /^(\d+|–) Bookings$/.test(p.textContent ?? ''))!;

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());
afterEach(() => cleanup());

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(path, {
    method,
    credentials: headers.authorization ? 'omit' : 'include',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function openProfile() {
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { level: 2, name: 'Sarah Thompson' });
  return rendered;
}

describe('Profile, signed out', () => {
  it('asks the visitor to sign in', async () => {
    renderApp('/profile');
    expect(await screen.findByText('Sign in to see your profile')).toBeInTheDocument();
  });
});

describe('Profile', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('shows the header card and Personal Info, with Parent as the account type', async () => {
    await openProfile();
    expect(screen.getByText(demoAccounts.parent.email, { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Children').closest('p')).toHaveTextContent('3 Children'));
    await waitFor(() => expect(bookingCount()).toHaveTextContent('0 Bookings'));
    for (const tab of ['Personal Info', 'My Children', 'Bookings', 'Reports']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account type' })).toHaveValue('Parent');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(demoAccounts.parent.email);
    expect((screen.getByRole('textbox', { name: 'Member since' }) as HTMLInputElement).value).toMatch(/^\w+day, \w+ \d+(st|nd|rd|th), \d{4}$/);
  });

  it('shows Reports Coming Soon', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(await screen.findByText('Reports Coming Soon')).toBeInTheDocument();
  });

  it('Edit Profile focuses the form; Update Information refuses a bad phone, then saves name, phone and city', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('Use digits, spaces, brackets, dashes and an optional leading +, such as +1 555 010 2030.')).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '+1 555 010 2030');
    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Riverside');
    await user.clear(name);
    await user.type(name, 'Sarah J. Thompson');
    await user.click(screen.getByRole('button', { name: 'Update Information' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Sarah J. Thompson' })).toBeInTheDocument();
    expect(screen.getByText('Riverside', { selector: 'p' })).toBeInTheDocument();
    const me = await api<{ name: string; phone: string; city: string }>('GET', '/api/users/me');
    expect(me.body).toMatchObject({ name: 'Sarah J. Thompson', phone: '+1 555 010 2030', city: 'Riverside' });
    await api('PATCH', '/api/users/me', { name: 'Sarah Thompson' });
  });

  it('adds a child with a date of birth and special-needs details', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'My Children' }));
    await screen.findByRole('article', { name: 'Maya Thompson' });
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Child' }));

    await user.click(dialog.getByRole('button', { name: 'Add Child' }));
    expect(dialog.getByText("Please enter your child's name.")).toBeInTheDocument();
    expect(dialog.getByText('Please choose the date of birth.')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Noah Thompson');
    await user.click(dialog.getByRole('button', { name: /^Date of birth/ }));
    await user.click(await screen.findByRole('button', { name: '2024' }));
    await user.click(await screen.findByRole('button', { name: /^May/ }));
    await user.click(await screen.findByRole('button', { name: '2 May 2024' }));
    await user.click(dialog.getByRole('checkbox', { name: 'My child has special needs' }));
    await user.type(dialog.getByRole('textbox', { name: 'Special-needs details' }), 'Speech and language support');
    await user.click(dialog.getByRole('button', { name: 'Add Child' }));

    expect(await screen.findByText('Child added')).toBeInTheDocument();
    const noah = await screen.findByRole('article', { name: 'Noah Thompson' });
    expect(within(noah).getByText('Special needs')).toBeInTheDocument();
    expect(within(noah).getByText('Speech and language support')).toBeInTheDocument();
    expect(within(noah).getByText(/born Thursday, May 2nd, 2024/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Children').closest('p')).toHaveTextContent('4 Children'));

    // The buttons without a service behind them are visibly unavailable and say so.
    const progress = within(noah).getByRole('button', { name: 'View Progress' });
    expect(progress).toHaveAttribute('aria-disabled', 'true');
    await user.hover(progress);
    expect(await screen.findByText('Coming soon')).toBeInTheDocument();
  });

  it('lists shadow-teacher and mental-health bookings together in the Bookings tab', async () => {
    const teachers = await api<{ id: number; name: string; hourlyRate: number }[]>('GET', '/api/shadow-teachers');
    const amara = teachers.body.find((teacher) => teacher.name === 'Amara Okafor')!;
    const open = await api<{ dates: { date: string }[] }>('GET', `/api/shadow-teachers/${amara.id}/availability`);
    const children = await api<{ id: number; name: string }[]>('GET', '/api/children');
    const maya = children.body.find((child) => child.name === 'Maya Thompson')!;
    const date = open.body.dates[0]!.date;
    const shadow = await api('POST', '/api/shadow-bookings', {
      teacherId: amara.id,
      childId: maya.id,
      sessionType: 'home',
      nurseryId: null,
      location: '12 Elm Road',
      startDate: date,
      endDate: date,
      startTime: '09:00',
      endTime: '10:00',
      status: 'pending',
      notes: '',
      totalPrice: amara.hourlyRate,
      paymentStatus: 'unpaid',
    });
    expect(shadow.status).toBe(201);
    const windows = await api<{ id: string }[]>('GET', '/api/mental-health/time-windows');
    const counseling = await api('POST', '/api/mental-health/bookings', {
      kind: 'service',
      serviceId: 'counseling',
      optionId: (await api<{ id: string; options: { id: string }[] }[]>('GET', '/api/mental-health/services')).body.find((s) => s.id === 'counseling')!.options[0]!.id,
      date: dayjs().add(3, 'day').format('YYYY-MM-DD'),
      timeWindow: windows.body[0]!.id,
      childId: null,
    });
    expect(counseling.status).toBe(201);

    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    const list = await screen.findByRole('list', { name: 'Family bookings' });
    const shadowRow = within(list).getByRole('listitem', { name: 'Shadow teacher: Amara Okafor' });
    expect(within(shadowRow).getByText(/Home session · 12 Elm Road · for Maya Thompson/)).toBeInTheDocument();
    expect(within(shadowRow).getByText('Pending')).toBeInTheDocument();
    expect(within(shadowRow).getByRole('button', { name: 'Contact Teacher' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('listitem', { name: /Counsel/ })).toBeInTheDocument();
    expect(bookingCount()).toHaveTextContent('2 Bookings');
    for (const name of ['Filter', 'New Booking']) expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
  });

  it('creates an API token, shows it once, and revokes it so it no longer works', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Give the token a name, such as the app that will use it.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'Calendar sync');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const token = (await screen.findByTestId('new-token')).textContent!;
    expect(token).toMatch(/^nst_/);
    const table = await screen.findByRole('table', { name: 'API tokens' });
    const row = (await within(table).findByText('Calendar sync')).closest('tr')!;
    expect(row).toHaveTextContent(token.slice(0, 10));
    expect(row).not.toHaveTextContent(token);
    // Left as offered, a new token may read everything and write nothing.
    expect(row).toHaveTextContent('bookings:read');
    expect(row).not.toHaveTextContent('bookings:write');
    expect((await api('GET', '/api/users/me', undefined, { authorization: `Bearer ${token}` })).status).toBe(200);

    window.confirm = () => true;
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument());
    expect((await api('GET', '/api/users/me', undefined, { authorization: `Bearer ${token}` })).status).toBe(401);

    // Shown once: a fresh visit no longer has it.
    cleanup();
    await openProfile();
    await screen.findByRole('table', { name: 'API tokens' });
    expect(screen.queryByTestId('new-token')).not.toBeInTheDocument();
  });

  it('creates a calendar link under Personal Info > Integrations, which Bookings points to, that works without signing in, and revokes it', async () => {
    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    expect(await screen.findByText(/make a calendar link under Personal Info › Integrations\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Personal Info' }));
    const card = (await screen.findByRole('heading', { name: 'Calendar subscription' })).closest('section')!;
    expect(await within(card).findByText('No link is active.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Create link' }));
    const link = (await within(card).findByTestId('calendar-link')).textContent!;
    expect(link).toMatch(/^webcal:\/\/[^/]+\/api\/calendar\/ncal_[\w-]+\.ics$/);
    expect(within(card).getByRole('button', { name: 'Copy calendar link' })).toBeInTheDocument();
    const feedPath = new URL(link.replace('webcal:', 'http:')).pathname;
    const feed = await fetch(feedPath, { credentials: 'omit' });
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    window.confirm = () => true;
    await user.click(within(card).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(await within(card).findByText('No link is active.')).toBeInTheDocument();
    expect(within(card).queryByTestId('calendar-link')).not.toBeInTheDocument();
    expect((await fetch(feedPath, { credentials: 'omit' })).status).toBe(404);
  });

  // Last: the server's clock only moves forward.
  it("shows the shadow-teacher request as 'Expired' once its teacher has not confirmed it within 48 hours", async () => {
    await server.advanceClock(49 * 3_600_000);
    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    const list = await screen.findByRole('list', { name: 'Family bookings' });
    const shadowRow = within(list).getByRole('listitem', { name: 'Shadow teacher: Amara Okafor' });
    expect(within(shadowRow).getByText('Expired').closest('[data-tone]')).toHaveAttribute('data-tone', 'secondary');
    expect(within(shadowRow).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('says who made a booking when another adult of the family made it', async () => {
    const james = { email: 'james-profile@nestling.test', password: 'a quiet harbour at dawn 7' };
    const signUp = await fetch(`${server.origin}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'James Thompson', ...james }) });
    expect(signUp.status).toBe(200);
    // Signing up signed the page in as James: back to Sarah.
    await server.signIn(demoAccounts.parent);
    const invitation = await api<{ link: string }>('POST', '/api/family/invitations', { familyRole: 'guardian' });
    expect(invitation.status).toBe(201);
    const asJames = await server.as(james);
    expect((await asJames.post(`/api/family-invitations/${invitation.body.link.split('/join/')[1]}/acceptance`, {})).status).toBe(200);
    const windows = await api<{ id: string }[]>('GET', '/api/mental-health/time-windows');
    const booked = await asJames.post('/api/mental-health/bookings', {
      kind: 'service',
      serviceId: 'counseling',
      optionId: (await api<{ id: string; options: { id: string }[] }[]>('GET', '/api/mental-health/services')).body.find((s) => s.id === 'counseling')!.options[0]!.id,
      date: dayjs().add(5, 'day').format('YYYY-MM-DD'),
      timeWindow: windows.body[0]!.id,
      childId: null,
    });
    expect(booked.status).toBe(201);

    const { user } = await openProfile();
    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    const list = await screen.findByRole('list', { name: 'Family bookings' });
    expect(await within(list).findByText('Booked by James Thompson')).toBeInTheDocument();
    // Sarah's own bookings do not name her.
    expect(within(list).queryByText('Booked by Sarah Thompson')).not.toBeInTheDocument();
  });
});
