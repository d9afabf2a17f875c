// @vitest-environment happy-dom
import '../test/dom-setup';
import { Button, MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalOnDemand } from './modal-on-demand';

afterEach(() => cleanup());

function ReportButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Report</Button>
      <ModalOnDemand opened={opened} onClose={() => setOpened(false)} title="Report post">
        <p>Tell us what is wrong.</p>
      </ModalOnDemand>
    </>
  );
}

/** A dialog put in the tree only once it is wanted, already open, as one whose code loads on the first click. */
function LateReportButton() {
  const [opened, setOpened] = useState<boolean | undefined>(undefined);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Report</Button>
      {opened !== undefined && (
        <ModalOnDemand opened={opened} onClose={() => setOpened(false)} title="Report post">
          <p>Tell us what is wrong.</p>
        </ModalOnDemand>
      )}
    </>
  );
}

/** In Mantine's test mode, transitions are instant and dialogs have no portal. */
function renderReport(env: 'test' | 'default', Component = ReportButton) {
  render(
    <MantineProvider env={env}>
      <Component />
    </MantineProvider>,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'Report' }) };
}

describe('a modal mounted on demand', () => {
  it('puts no portal in the page until it first opens, then the dialog in one', async () => {
    const { user, button } = renderReport('default');
    expect(document.querySelector('[data-portal]')).toBeNull();
    await user.click(button);
    expect(await screen.findByText('Tell us what is wrong.')).toBeInTheDocument();
    expect(screen.getByText('Tell us what is wrong.').closest('[data-portal]')).not.toBeNull();
  });

  it('opens on the first click and gives focus back to the button when closed with Escape', async () => {
    const { user, button } = renderReport('test');
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Report post' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report post' })).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('gives focus back to the button also when it is put in the tree already open', async () => {
    const { user, button } = renderReport('test', LateReportButton);
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Report post' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report post' })).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
