// @vitest-environment happy-dom
import '../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../test/live-server';
import { renderApp } from '../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  await server.signIn(demoAccounts.parent);
});
afterAll(() => server.close());
afterEach(() => cleanup());

const nurseryNames = () =>
  within(screen.getByRole('list', { name: 'Nurseries' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByText(/.+/)[0]?.textContent);

describe('Find Nurseries', () => {
  it('starts with the three default chips and lists facilities before ageGroups', async () => {
    renderApp('/nurseries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Nurseries' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by location or nursery name')).toBeInTheDocument();
    for (const chip of ['Special Needs', 'Age: 2-4', 'Within 5 miles']) expect(screen.getByText(chip)).toBeInTheDocument();

    const acorns = (await screen.findByText('Little Acorns Nursery')).closest('li') as HTMLElement;
    const tags = within(acorns)
      .getAllByText(/.+/, { selector: '.mantine-Badge-label' })
      .map((tag) => tag.textContent);
    expect(tags.slice(0, 2)).toEqual(['Sensory room', 'Outdoor garden']);
    expect(tags.indexOf('Infants (0-1)')).toBeGreaterThan(tags.indexOf('Live classroom cameras'));
    expect(tags.at(-1)).toBe('Special Needs Support');
  });

  it('searches again when a chip is removed, without that filter', async () => {
    const { user } = renderApp('/nurseries');
    await screen.findByText('Little Acorns Nursery');
    const withFilter = nurseryNames();
    const everyoneSupports = screen.getAllByText('Special Needs Support').length;
    expect(everyoneSupports).toBe(withFilter.length);

    await user.click(screen.getByRole('button', { name: 'Remove filter Special Needs' }));
    expect(screen.queryByText('Special Needs', { selector: '.mantine-Pill-label' })).not.toBeInTheDocument();
    await waitFor(() => expect(nurseryNames().length).toBeGreaterThan(withFilter.length));
    expect(screen.getAllByText('Special Needs Support').length).toBeLessThan(nurseryNames().length);
  });

  it('searches the text on Enter and shows what matches', async () => {
    const { user } = renderApp('/nurseries');
    await screen.findByText('Little Acorns Nursery');
    await user.type(screen.getByPlaceholderText('Search by location or nursery name'), 'Acorns{Enter}');
    await waitFor(() => expect(nurseryNames()[0]).toBe('Little Acorns Nursery'));
    expect(nurseryNames()).not.toContain('Kaleidoscope Early Years');
  });
});

describe('Live Monitoring', () => {
  it('selects classroom-3b by default, lists cameras by name, and switches cameras', async () => {
    const { user } = renderApp('/monitoring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Monitoring' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Select Camera' });
    await waitFor(() => expect(select).toHaveValue('Classroom 3B - Main View'));
    await user.click(select);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Classroom 3A - Main View', 'Classroom 3B - Garden View', 'Classroom 3B - Main View']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Switch camera' }));
    expect(await screen.findByText('Classroom 3A - Main View', { selector: 'p' })).toBeInTheDocument();
    expect(select).toHaveValue('Classroom 3A - Main View');
  });

  it('puts each live activity at the front and keeps the newest 20', async () => {
    renderApp('/monitoring');
    const log = await screen.findByRole('list', { name: 'Activity Log' });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    const before = within(log).getAllByRole('listitem').length;
    expect(before).toBeLessThan(20);

    const staff = await server.as(demoAccounts.staff);
    const posted = await staff.post('/api/activities', { channel: 'classroom-3b', type: 'music', description: 'Live activity 1' });
    expect(posted.status).toBe(201);
    const first = await within(log).findByText('Live activity 1');
    expect(within(log).getAllByRole('listitem')[0]).toContainElement(first);
    expect(within(log).getAllByRole('listitem')).toHaveLength(before + 1);
    // A type the spec does not name takes the primary accent on this page.
    expect(first.closest('li')).toHaveAttribute('data-accent', 'primary');

    for (let n = 2; n <= 21; n += 1) {
      await staff.post('/api/activities', { channel: 'classroom-3b', type: 'play', description: `Live activity ${n}` });
    }
    await within(log).findByText('Live activity 21');
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('Live activity 21');
    expect(items[19]).toHaveTextContent('Live activity 2');
    expect(within(log).queryByText('Live activity 1')).not.toBeInTheDocument();
  });

  it('opens the full history and pages back through older activities', async () => {
    const { user } = renderApp('/monitoring');
    await screen.findByRole('list', { name: 'Activity Log' });
    await user.click(screen.getByRole('button', { name: 'View Full History' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Live activity 21');
    await user.click(within(dialog).getByRole('button', { name: 'Show older activities' }));
    expect(await within(dialog).findByText('Live activity 1')).toBeInTheDocument();
  });
});

describe('Parenting Assistant', () => {
  it('starts with the greeting and never sends a blank message', async () => {
    const { user } = renderApp('/assistant');
    expect(await screen.findByRole('heading', { level: 1, name: 'Parenting Assistant' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ask me anything about parenting' })).toBeInTheDocument();
    const conversation = screen.getByRole('log', { name: 'Conversation' });
    expect(conversation).toHaveTextContent("Hello! I'm your parenting assistant. How can I help you today?");

    const input = screen.getByPlaceholderText('Ask anything about parenting or childhood development...');
    await user.type(input, '   {Enter}');
    expect(within(conversation).queryByText('', { selector: '[data-role="user"] p' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends with the button, shows the reply, and opens resources in a new tab with their icons', async () => {
    const { user } = renderApp('/assistant');
    const input = await screen.findByPlaceholderText('Ask anything about parenting or childhood development...');
    await user.type(input, 'How can I build a calm bedtime routine for my toddler?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const conversation = screen.getByRole('log', { name: 'Conversation' });
    expect(within(conversation).getByText('How can I build a calm bedtime routine for my toddler?')).toBeInTheDocument();
    await waitFor(() => expect(conversation.querySelectorAll('[data-role="assistant"]')).toHaveLength(2));
    expect(input).toBeEnabled();

    expect(within(conversation).getByText('Resources for you')).toBeInTheDocument();
    const links = within(conversation).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.parentElement?.querySelector('[data-icon="article"], [data-icon="group"]')).not.toBeNull();
    }
  });
});

describe('Special Needs Equipment', () => {
  it("shows the products and says 'Added to cart' with the product's name", async () => {
    const { user } = renderApp('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Special Needs Equipment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Available Products' })).toBeInTheDocument();
    const pad = await screen.findByRole('article', { name: 'Weighted Lap Pad' });
    const badgeStyle = (product: string, text: string) =>
      within(screen.getByRole('article', { name: product })).getByText(text).closest('[data-badge-style]')?.getAttribute('data-badge-style');
    expect(badgeStyle('Weighted Lap Pad', 'Sale')).toBe('sale');
    expect(badgeStyle('Easy-Grip Adaptive Cutlery Set', 'New')).toBe('new');
    expect(badgeStyle('Calm Hands Fidget Set', 'Popular')).toBe('neutral');

    await user.click(within(pad).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(screen.getByText('Weighted Lap Pad has been added to your cart.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View All Products' }));
    expect(await screen.findByRole('article', { name: 'Wiggle Wobble Seat Cushion' })).toBeInTheDocument();
  });

  it('shows one toast at a time', async () => {
    const { user } = renderApp('/shop');
    const buttons = await screen.findAllByRole('button', { name: 'Add to cart' });
    await user.click(buttons[0] as HTMLElement);
    await user.click(buttons[1] as HTMLElement);
    await waitFor(() => expect(screen.getAllByText('Added to cart')).toHaveLength(1));
    expect(screen.getByText('Weighted Lap Pad has been added to your cart.')).toBeInTheDocument();
  });
});

describe('Log activities (nursery staff)', () => {
  it('tells a parent the page is for staff', async () => {
    renderApp('/staff');
    expect(await screen.findByText('This page is for nursery staff')).toBeInTheDocument();
  });

  it('logs an activity in two taps and shows it in the classroom log', async () => {
    await server.signIn(demoAccounts.staff);
    const { user } = renderApp('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log activities' })).toBeInTheDocument();
    // The classroom switch and the child chips by role: the page's inbox and camera settings name them too.
    await user.click(await screen.findByRole('radio', { name: 'Classroom 3B' }));
    expect(await screen.findByText('Live')).toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: 'Maya Thompson' }, { timeout: 5_000 }));
    await user.click(screen.getByRole('button', { name: 'Snack' }));

    expect(await screen.findByText('Activity logged')).toBeInTheDocument();
    const log = screen.getByRole('list', { name: 'Activity Log' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Maya had a snack.'));
    expect(within(log).getAllByRole('listitem')[0]).toHaveAttribute('data-accent', 'secondary');
  });
});
