// @vitest-environment happy-dom
import '../test/dom-setup';
import { MantineProvider, Menu } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useDropdownOnDemand } from './dropdown-on-demand';

afterEach(() => cleanup());

function OptionsMenu() {
  const options = useDropdownOnDemand();
  return (
    <Menu withinPortal>
      <Menu.Target>
        <button type="button" onClick={options.mount}>
          Options
        </button>
      </Menu.Target>
      {options.mounted && (
        <Menu.Dropdown>
          <Menu.Item>Delete</Menu.Item>
        </Menu.Dropdown>
      )}
    </Menu>
  );
}

/** In Mantine's test mode, transitions are instant and dropdowns have no portal. */
function renderMenu(env: 'test' | 'default') {
  render(
    <MantineProvider env={env}>
      <OptionsMenu />
    </MantineProvider>,
  );
  return { user: userEvent.setup(), target: screen.getByRole('button', { name: 'Options' }) };
}

describe('a dropdown mounted on demand', () => {
  it('puts no portal in the page until the menu is first opened, then the menu in one', async () => {
    const { user, target } = renderMenu('default');
    expect(document.querySelector('[data-portal]')).toBeNull();
    await user.click(target);
    expect(await screen.findByText('Delete')).toBeInTheDocument();
    expect(screen.getByText('Delete').closest('[data-portal]')).not.toBeNull();
  });

  it('opens on the first click', async () => {
    const { user, target } = renderMenu('test');
    await user.click(target);
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeVisible();
  });

  it('gives focus back to its target when the first opening is closed with Escape', async () => {
    const { user, target } = renderMenu('test');
    await user.click(target);
    await screen.findByRole('menuitem', { name: 'Delete' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull());
    await waitFor(() => expect(target).toHaveFocus());
  });
});
