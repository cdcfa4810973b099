import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { ConfirmDialog, Dialog } from './dialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Delete ada</button>
      <ConfirmDialog open={open} title="Delete ada?" confirmLabel="Delete" danger onConfirm={onConfirm} onClose={() => setOpen(false)}>
        ada@example.com loses access for good.
      </ConfirmDialog>
    </>
  );
}

describe('Dialog / ConfirmDialog', () => {
  it('is a labelled modal dialog; Escape closes it', () => {
    const onClose = vi.fn();
    render(<Dialog open title="Hello" onClose={onClose}>Body</Dialog>);
    const d = screen.getByRole('dialog', { name: 'Hello' });
    expect(d).toHaveAttribute('aria-modal', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    render(<Dialog open={false} title="Hello" onClose={() => undefined}>Body</Dialog>);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the effect, focuses Cancel, runs the action busy, closes on success and gives focus back', async () => {
    let resolve!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete ada' });
    await userEvent.click(opener);
    const d = screen.getByRole('dialog', { name: 'Delete ada?' });
    expect(d).toHaveTextContent('ada@example.com loses access for good.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    resolve();
    // Focus is back on the opener in the commit that removes the dialog: never left on the body in between.
    const focusWhenGone: boolean[] = [];
    await waitFor(() => {
      const gone = !screen.queryByRole('dialog');
      if (gone) focusWhenGone.push(document.activeElement === opener);
      expect(gone).toBe(true);
    });
    expect(focusWhenGone).toEqual([true]);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it('stays open and shows the server reason when the action fails', async () => {
    render(<Harness onConfirm={() => Promise.reject(new ApiError(409, { message: 'The user still has $5.00' }))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete ada' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The user still has $5.00');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has a visible close button; focus starts on the body’s first control, not on ×; × closes', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Copy Ada" onClose={onClose}>
        <label>
          Amount <input />
        </label>
      </Dialog>,
    );
    const d = screen.getByRole('dialog', { name: 'Copy Ada' });
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    const close = within(d).getByRole('button', { name: 'Close' });
    expect(close).toBeVisible();
    await userEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Tab stays inside, × included; while a confirm runs × is disabled', async () => {
    let resolve!: () => void;
    render(<Harness onConfirm={() => new Promise<void>((r) => (resolve = r))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete ada' }));
    const d = screen.getByRole('dialog', { name: 'Delete ada?' });
    const close = within(d).getByRole('button', { name: 'Close' });
    await userEvent.tab(); // Cancel → Delete
    await userEvent.tab(); // Delete → wraps to × (the first control)
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(d).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.click(within(d).getByRole('button', { name: 'Delete' }));
    expect(close).toBeDisabled();
    resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
