import Button from '@mui/material/Button';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeCredential } from '../../lib/auth-store';
import { loginResponse } from '../../test/fixtures';
import { renderWidget } from '../../test/render-widget';
import { useDialog, type Confirm, type ConfirmOptions, type DialogContentProps } from './dialog';
import { isDialogOpen, useDialogOpen } from './dialog-state';

let confirm: Confirm = () => Promise.resolve(false);

function Capture() {
  confirm = useDialog();
  const open = useDialogOpen();
  return <output data-testid="dialog-open">{String(open)}</output>;
}

function open<R = never, P = unknown>(options: ConfirmOptions<P, R>) {
  let result!: Promise<boolean | R>;
  act(() => {
    result = confirm<R, P>(options);
  });
  return result;
}

function Picker({ params, resolve, cancel, labels }: DialogContentProps<{ choices: string[] }, string>) {
  return (
    <div>
      {params.choices.map((choice) => (
        <Button key={choice} onClick={() => resolve(choice)}>
          {choice}
        </Button>
      ))}
      <Button onClick={cancel}>{labels.negative}</Button>
    </div>
  );
}

describe('dialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the spec defaults: title Confirmation, OK and Cancel, 290 wide', async () => {
    // The width is read from the computed style.
    const { user } = renderWidget(<Capture />, { styles: true });
    const result = open({ prompt: 'Delete the bookmark?' });
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText('Delete the bookmark?')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).not.toBeNull();
    expect(getComputedStyle(dialog).maxWidth).toBe('290px');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
  });

  it('leaves the accessibility tree as soon as it is answered, while it fades out, so the page under it is reachable', async () => {
    const { user } = renderWidget(
      <>
        <Capture />
        <Button>Delete</Button>
      </>,
    );
    const result = open({ prompt: 'Delete the group?', positive: 'Delete' });
    const dialog = await screen.findByRole('dialog');
    expect(screen.getAllByRole('button', { name: 'Delete' })).toEqual([within(dialog).getByRole('button', { name: 'Delete' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(result).resolves.toBe(true);
    // Still fading out, but neither the dialog nor its buttons are what a user (or a query) reaches now.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' }).closest('[role="dialog"]')).toBeNull();
  });

  it('resolves false on Cancel and on Escape, and tells the shell whether a dialog is open', async () => {
    const { user } = renderWidget(<Capture />);
    expect(screen.getByTestId('dialog-open').textContent).toBe('false');
    const first = open({ prompt: 'One', title: 'Remove', positive: 'Remove', negative: 'Keep' });
    const dialog = await screen.findByRole('dialog', { name: 'Remove' });
    expect(isDialogOpen()).toBe(true);
    expect(screen.getByTestId('dialog-open').textContent).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await expect(first).resolves.toBe(false);
    expect(isDialogOpen()).toBe(false);
    await waitFor(() => expect(screen.getByTestId('dialog-open').textContent).toBe('false'), { timeout: 5000 });

    const second = open({ prompt: 'Two' });
    await screen.findByRole('dialog', { name: 'Confirmation' });
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('stays open on Escape when persistent', async () => {
    const { user } = renderWidget(<Capture />);
    const result = open({ prompt: 'Must answer', persistent: true });
    const dialog = await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe(true);
  });

  it('loads custom content lazily, passes it the params and resolves with its result', async () => {
    const { user } = renderWidget(<Capture />);
    const result = open<string, { choices: string[] }>({
      title: 'Pick a level',
      content: () => Promise.resolve({ default: Picker }),
      params: { choices: ['WSL', 'AL'] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pick a level' });
    await user.click(await within(dialog).findByRole('button', { name: 'AL' }));
    await expect(result).resolves.toBe('AL');
  });

  it('reloads the page when the custom content cannot be loaded', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWidget(<Capture />);
    const result = open({ content: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) });
    await expect(result).resolves.toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('cancels every open dialog when the user signs out', async () => {
    storeCredential(loginResponse());
    renderWidget(<Capture />);
    const first = open({ prompt: 'First' });
    const second = open({ prompt: 'Second' });
    // The newer modal hides the older one from the accessibility tree; both are on screen.
    expect(await screen.findAllByRole('dialog', { hidden: true })).toHaveLength(2);
    act(() => clearSession());
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(false);
    expect(isDialogOpen()).toBe(false);
    await waitFor(() => expect(screen.queryAllByRole('dialog', { hidden: true })).toHaveLength(0), { timeout: 5000 });
  });
});
