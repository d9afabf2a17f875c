// @vitest-environment happy-dom
import '../../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../../test/live-server';
import { renderApp } from '../../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());
afterEach(() => cleanup());

interface Child {
  id: number;
  name: string;
  dateOfBirth: string;
  specialNeeds: boolean;
  specialNeedsDetails: string | null;
  pronouns: string | null;
}

/** The family's children as the API answers them, from the page's own cookie jar. */
async function children(): Promise<Child[]> {
  const response = await fetch('/api/children', { credentials: 'include' });
  expect(response.status).toBe(200);
  return (await response.json()) as Child[];
}

async function openMyChildren() {
  const rendered = renderApp('/profile');
  await rendered.user.click(await screen.findByRole('tab', { name: 'My Children' }));
  await screen.findByRole('article', { name: 'Leo Thompson' });
  return rendered;
}

describe('My Children, as a guardian', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it("edits a child's name and special needs, saying what is wrong next to the field first", async () => {
    const { user } = await openMyChildren();
    await user.click(screen.getByRole('button', { name: 'Edit Nora Thompson' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Child' }));
    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Nora Thompson');
    expect(dialog.getByRole('button', { name: /^Date of birth/ })).toHaveTextContent('August 19, 2024');
    expect(dialog.getByRole('checkbox', { name: 'My child has special needs' })).not.toBeChecked();

    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(name).toHaveAccessibleDescription("Please enter your child's name.");

    await user.type(name, 'Nora Rose Thompson');
    await user.click(dialog.getByRole('checkbox', { name: 'My child has special needs' }));
    await user.type(dialog.getByRole('textbox', { name: 'Special-needs details' }), 'Needs her comforter at nap time');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Child' })).not.toBeInTheDocument());
    const nora = await screen.findByRole('article', { name: 'Nora Rose Thompson' });
    expect(within(nora).getByText('Special needs')).toBeInTheDocument();
    expect(within(nora).getByText('Needs her comforter at nap time')).toBeInTheDocument();
    expect((await children()).find((child) => child.name === 'Nora Rose Thompson')).toMatchObject({
      dateOfBirth: '2024-08-19',
      specialNeeds: true,
      specialNeedsDetails: 'Needs her comforter at nap time',
    });
  });

  it("shows a child's pronouns and lets the family change them or leave them unset", async () => {
    const { user } = await openMyChildren();
    await user.click(screen.getByRole('button', { name: 'Edit Maya Thompson' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Child' }));
    const pronouns = dialog.getByRole('combobox', { name: 'Pronouns' });
    expect(pronouns).toHaveValue('she');
    expect(within(pronouns).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not given', 'she/her', 'he/him', 'they/them']);

    await user.selectOptions(pronouns, 'Not given');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    // Reopened at once, before the list's refetch has landed, Edit starts from what was saved.
    await user.click(screen.getByRole('button', { name: 'Edit Maya Thompson' }));
    const again = within(await screen.findByRole('dialog', { name: 'Edit Child' }));
    expect(again.getByRole('combobox', { name: 'Pronouns' })).toHaveValue('');
    expect((await children()).find((child) => child.name === 'Maya Thompson')).toMatchObject({ pronouns: null });
    await user.selectOptions(again.getByRole('combobox', { name: 'Pronouns' }), 'she/her');
    await user.click(again.getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect((await children()).find((child) => child.name === 'Maya Thompson')).toMatchObject({ pronouns: 'she' }));
  });

  it("shows the server's refusal of a date of birth next to the date, and changes nothing", async () => {
    const before = await children();
    const { user } = await openMyChildren();
    await user.click(screen.getByRole('button', { name: 'Edit Leo Thompson' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Child' }));
    const date = dialog.getByRole('button', { name: /^Date of birth/ });
    await user.click(date);
    await user.click(await screen.findByRole('button', { name: 'Previous decade' }));
    await user.click(await screen.findByRole('button', { name: 'Previous decade' }));
    await user.click(await screen.findByRole('button', { name: '2005' }));
    await user.click(await screen.findByRole('button', { name: /^Jun/ }));
    await user.click(await screen.findByRole('button', { name: '2 June 2005' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(date).toHaveAccessibleDescription('Nestling is for children under 18; please check the date of birth.'));
    expect(screen.getByRole('dialog', { name: 'Edit Child' })).toBeInTheDocument();
    expect(await children()).toEqual(before);
  });
});

describe('My Children, as a carer', () => {
  it('shows the children with no Edit or Add Child', async () => {
    const carer = { email: 'carer-my-children@nestling.test', password: 'a quiet harbour at dawn 7' };
    const signUp = await fetch('/api/auth/sign-up', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Carmen Carer', ...carer }) });
    expect(signUp.status).toBe(200);
    await server.signIn(demoAccounts.parent);
    const invitation = await fetch('/api/family/invitations', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ familyRole: 'carer' }) });
    expect(invitation.status).toBe(201);
    const secret = ((await invitation.json()) as { link: string }).link.split('/join/')[1];
    expect((await (await server.as(carer)).post(`/api/family-invitations/${secret}/acceptance`, {})).status).toBe(200);
    await server.signIn(carer);

    await openMyChildren();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Nora Rose Thompson', 'Leo Thompson', 'Maya Thompson']);
    for (const card of cards) expect(within(card).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Child' })).not.toBeInTheDocument();
  });
});
