// @vitest-environment happy-dom
import '../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app';
import { startUnreachableServer } from '../test/unreachable-server';

// Failed requests are logged on purpose (the spec asks for it); keep them out of the test output.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function sectionNamed(name: string) {
  return screen.findByRole('region', { name });
}

describe('while lists load', () => {
  it('shows the dashboard skeletons: 2 children, 4 activities, 2 nurseries, 4 products', async () => {
    const network = await startUnreachableServer();
    renderApp('/');
    expect(await within(await sectionNamed('My Children')).findAllByTestId('child-skeleton')).toHaveLength(2);
    expect(within(await sectionNamed('Live Monitoring')).getAllByTestId('activity-skeleton')).toHaveLength(4);
    expect(within(await sectionNamed('Find Nurseries')).getAllByTestId('nursery-skeleton')).toHaveLength(2);
    expect(within(await sectionNamed('Special Needs Equipment')).getAllByTestId('product-skeleton')).toHaveLength(4);
    await network.cutOff();
  });

  it('shows 3 nursery skeletons on the Find Nurseries page', async () => {
    const network = await startUnreachableServer();
    renderApp('/nurseries');
    expect(await screen.findAllByTestId('nursery-skeleton')).toHaveLength(3);
    await network.cutOff();
  });

  it("shows 5 activity skeletons and a disabled 'Loading...' camera on the monitoring page", async () => {
    const network = await startUnreachableServer();
    const { user } = renderApp('/monitoring');
    expect(await screen.findAllByTestId('activity-skeleton')).toHaveLength(5);
    await user.click(screen.getByRole('combobox', { name: 'Select Camera' }));
    const loading = await screen.findByRole('option', { name: 'Loading...' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    await network.cutOff();
  });

  it('shows 4 product skeletons in the shop', async () => {
    const network = await startUnreachableServer();
    renderApp('/shop');
    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(4);
    await network.cutOff();
  });
});

describe('when the network fails', () => {
  it('shows each dashboard list as its empty state with a retry control, and greets a Parent', async () => {
    const network = await startUnreachableServer();
    renderApp('/');
    await sectionNamed('My Children');
    await network.cutOff();

    const children = await sectionNamed('My Children');
    expect(await within(children).findByText('No children added yet')).toBeInTheDocument();
    expect(within(children).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    const live = await sectionNamed('Live Monitoring');
    expect(await within(live).findByText('No activities recorded yet')).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(live).getByText('Connecting...')).toBeInTheDocument();

    const nurseries = await sectionNamed('Find Nurseries');
    expect(await within(nurseries).findByText('Try searching for nurseries')).toBeInTheDocument();
    expect(within(nurseries).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    const equipment = await sectionNamed('Special Needs Equipment');
    expect(await within(equipment).findByText('No products available')).toBeInTheDocument();
    expect(within(equipment).getByText('Check back later for new products.')).toBeInTheDocument();
    expect(within(equipment).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good (morning|afternoon|evening), Parent$/);
  });

  it("shows 'No nurseries found' with its help text and a retry control on the full page", async () => {
    const network = await startUnreachableServer();
    renderApp('/nurseries');
    await screen.findAllByTestId('nursery-skeleton');
    await network.cutOff();
    expect(await screen.findByText('No nurseries found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters to find more results.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch shadow teachers', with a retry control, when the teachers cannot be loaded", async () => {
    const network = await startUnreachableServer();
    renderApp('/shadow-teachers');
    await screen.findByRole('heading', { level: 1, name: 'Shadow Teachers' });
    await network.cutOff();
    expect(await screen.findByText('Failed to fetch shadow teachers')).toBeInTheDocument();
    expect(screen.getByText('No shadow teachers found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the chat waiting with the typing indicator, then shows the error toast and lets the parent type again', async () => {
    const network = await startUnreachableServer();
    const { user } = renderApp('/assistant');
    const input = await screen.findByPlaceholderText('Ask anything about parenting or childhood development...');
    await user.type(input, 'How much sleep does a two year old need?{Enter}');

    expect(screen.getByText('How much sleep does a two year old need?')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'The assistant is typing' })).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await network.cutOff();
    expect(await screen.findByText('Failed to get a response. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'The assistant is typing' })).not.toBeInTheDocument());
    expect(input).toBeEnabled();
  });
});
