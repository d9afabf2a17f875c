// @vitest-environment happy-dom
import '../test/dom-setup';
import { readFileSync } from 'node:fs';
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../test/live-server';
import { renderApp } from '../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

/** Phone width: the top bar and the bottom tab bar show, the sidebar becomes a menu. */
function onPhone() {
  window.happyDOM.setViewport({ width: 390, height: 844 });
}

afterEach(() => window.happyDOM.setViewport({ width: 1280, height: 900 }));

// The page's cookie jar is shared by the tests below, so they run in the order a visitor would.
describe('the shell, signed out', () => {
  it('lists the eight sections in the spec order, and the bottom bar leaves out the assistant', async () => {
    onPhone();
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const labels = ['Dashboard', 'Find Nurseries', 'Monitoring', 'AI Assistant', 'Shop Equipment', 'Shadow Teachers', 'Mental Health', 'Community'];
    const sidebarLinks = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((text) => labels.includes(text ?? ''));
    expect(sidebarLinks).toEqual(labels);

    const tabs = within(screen.getByRole('navigation', { name: 'Tab bar' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual(labels.filter((label) => label !== 'AI Assistant'));
  });

  it('has the mobile menu toggle and notifications button', async () => {
    onPhone();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows the not-found screen for any other path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('serves a screen at every route of the spec', async () => {
    const headings: Record<string, string> = {
      '/nurseries': 'Find Nurseries',
      '/monitoring': 'Live Monitoring',
      '/assistant': 'Parenting Assistant',
      '/shop': 'Special Needs Equipment',
      '/shadow-teachers': 'Shadow Teachers',
      '/profile': 'Profile',
      '/mental-health': 'Mental Health',
      '/community': 'Community',
    };
    for (const [path, heading] of Object.entries(headings)) {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      cleanup();
    }
  });

  it("greets a 'Parent' and asks them to sign in for private sections", async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Good (morning|afternoon|evening), Parent$/);
    expect(await screen.findByText('Sign in to see your children')).toBeInTheDocument();
    expect(await screen.findByText("Sign in to watch your child's classroom")).toBeInTheDocument();
    // Public screens still work signed out.
    expect(await screen.findByText('Calm Hands Fidget Set')).toBeInTheDocument();
  });
});

describe('the theme', () => {
  it('defaults to light and keeps the chosen theme in localStorage across visits', async () => {
    const first = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await first.user.click(within(mainNav()).getByText('Dark'));
    expect(localStorage.getItem('nestling-color-scheme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    cleanup();

    document.documentElement.removeAttribute('data-mantine-color-scheme');
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(within(mainNav()).getByRole('radio', { name: /Dark/ })).toBeChecked();
  });

  it('is applied before the app loads by public/theme-init.js, from the same key', () => {
    const script = readFileSync('public/theme-init.js', 'utf8');
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    new Function(script)();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    localStorage.setItem('nestling-color-scheme', 'dark');
    new Function(script)();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});

describe('signing in and out', () => {
  it('signs in, greets the parent by name, shows name and role in the sidebar, and signs out from the profile menu', async () => {
    const { user } = renderApp('/sign-in');
    await user.type(await screen.findByLabelText(/Email/), demoAccounts.parent.email);
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), demoAccounts.parent.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Sarah Thompson$/ })).toBeInTheDocument();
    const profile = within(mainNav()).getByRole('link', { name: /Your profile/ });
    expect(profile).toHaveTextContent('Sarah Thompson');
    expect(profile).toHaveTextContent('Parent');

    // The menu's code arrives just after the first paint; its button then reports a popup.
    await user.click(await within(mainNav()).findByRole('button', { name: 'Profile menu', expanded: false }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: /, Parent$/ })).toBeInTheDocument();
    expect(await screen.findByText('Sign in to see your children')).toBeInTheDocument();
  });

  it('shows the server’s reason when the password is wrong', async () => {
    const { user } = renderApp('/sign-in');
    await user.type(await screen.findByLabelText(/Email/), demoAccounts.parent.email);
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });
});

describe('the dashboard, signed in', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('shows the header, then My Children, Live Monitoring, Find Nurseries with the assistant, and Special Needs Equipment', async () => {
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 1, name: /Sarah Thompson$/ });
    expect(heading).toHaveTextContent(/^Good (morning|afternoon|evening), Sarah Thompson$/);
    expect(screen.getByText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Child' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile');

    // The sections below the fold arrive with their code.
    await screen.findByRole('region', { name: 'Special Needs Equipment' });
    await screen.findByRole('region', { name: 'Parenting Assistant' });
    const order = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(order).toEqual(['my-children-title', 'live-monitoring-title', 'find-nurseries-title', 'assistant-card-title', 'equipment-title']);
  });

  it('shows each child with a status badge, the two boxes and the two links', async () => {
    renderApp('/');
    const children = await screen.findByRole('region', { name: 'My Children' });
    const maya = await within(children).findByRole('article', { name: 'Maya Thompson' });
    expect(within(maya).getByText('Online')).toBeInTheDocument();
    expect(within(maya).getByText('Current Activity')).toBeInTheDocument();
    expect(within(maya).getByText('Painting with watercolours')).toBeInTheDocument();
    expect(within(maya).getByText('Last Update')).toBeInTheDocument();
    expect(within(maya).getByRole('link', { name: 'View Camera' })).toBeInTheDocument();
    expect(within(maya).getByRole('link', { name: 'Schedule' })).toBeInTheDocument();
    expect(within(within(children).getByRole('article', { name: 'Leo Thompson' })).getByText('Nap Time')).toBeInTheDocument();
    expect(within(within(children).getByRole('article', { name: 'Nora Thompson' })).getByText('Offline')).toBeInTheDocument();
    expect(within(children).getByRole('link', { name: 'See all' })).toBeInTheDocument();
  });

  it("shows the classroom camera, goes 'Live', and lists today's activities", async () => {
    renderApp('/');
    const live = await screen.findByRole('region', { name: 'Live Monitoring' });
    expect(within(live).getByText('Classroom 3B - Main View')).toBeInTheDocument();
    expect(await within(live).findByText('Live')).toBeInTheDocument();
    const log = await within(live).findByRole('list', { name: 'Activity Log' });
    expect(within(log).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(live).getByRole('button', { name: 'View Full History' })).toBeInTheDocument();
  });

  it('shows nurseries with rating, distance and ageGroups-first tags, and products with prices', async () => {
    renderApp('/');
    const finder = await screen.findByRole('region', { name: 'Find Nurseries' });
    const acorns = (await within(finder).findByText('Little Acorns Nursery')).closest('li') as HTMLElement;
    expect(within(acorns).getByText('4.6')).toBeInTheDocument();
    expect(within(acorns).getByText(/, \d+(\.\d)? miles? away$/)).toBeInTheDocument();
    const tags = within(acorns)
      .getAllByText(/.+/, { selector: '.mantine-Badge-label' })
      .map((tag) => tag.textContent);
    expect(tags[0]).toBe('Infants (0-1)');
    expect(tags.at(-1)).toBe('Special Needs Support');

    const equipment = await screen.findByRole('region', { name: 'Special Needs Equipment' });
    const pad = await within(equipment).findByRole('article', { name: 'Weighted Lap Pad' });
    expect(within(pad).getByText('$34.99')).toBeInTheDocument();
    expect(within(pad).getByText('$42.99')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(equipment).getAllByRole('article')).toHaveLength(4);
    expect(within(equipment).getByRole('link', { name: 'View All Products' })).toBeInTheDocument();
  });
});
