// @vitest-environment happy-dom
import '../test/dom-setup';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { createQueryClient, createTrpcClient } from '../lib/trpc';
import { Providers } from './providers';

afterEach(() => cleanup());

describe('the toasts’ container', () => {
  it('is not in the page until the first toast, which it then shows', async () => {
    // Rendered and given time for lazy code to arrive: the container used to load and mount at start.
    await act(async () => {
      render(
        <Providers queryClient={createQueryClient()} trpcClient={createTrpcClient()} env="test">
          <p>Page</p>
        </Providers>,
      );
      await Promise.all([import('../lib/toasts-container'), import('../lib/route-styles')]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    await act(async () => toast({ title: 'Saved', message: 'Your changes are saved.' }));
    expect(await screen.findByText('Your changes are saved.')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
