import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { setCredentials } from '../../lib/auth-session';
import { makeToken } from '../../test/utils';
import { Button, READ_ONLY_TITLE } from './button';

describe('Button', () => {
  it('is a type="button" .btn with its variant and size', () => {
    render(<Button variant="primary" size="sm">Save</Button>);
    const b = screen.getByRole('button', { name: 'Save' });
    expect(b).toHaveAttribute('type', 'button');
    expect(b).toHaveClass('btn', 'btn--primary', 'btn--sm');
  });

  it('while busy it is disabled, aria-busy, and ignores clicks', () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button busy onClick={onClick}>Send</Button>);
    const b = screen.getByRole('button', { name: 'Send' });
    expect(b).toBeDisabled();
    expect(b).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(b);
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>Send</Button>);
    expect(b).toBeEnabled();
    expect(b).not.toHaveAttribute('aria-busy');
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('can submit a form when asked', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(<form onSubmit={onSubmit}><Button type="submit">Go</Button></form>);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a write control is disabled, and says why, while an admin views as a user (read-only); other buttons stay', () => {
    const onClick = vi.fn();
    render(
      <>
        <Button writes onClick={onClick}>Deposit</Button>
        <Button onClick={onClick}>Next</Button>
      </>,
    );
    const write = screen.getByRole('button', { name: 'Deposit' });
    expect(write).toBeEnabled();
    act(() => setCredentials({ accessToken: makeToken({ username: 'uma' }, { imp: 'admin-1' }) }));
    expect(write).toBeDisabled();
    expect(write).toHaveAttribute('title', READ_ONLY_TITLE);
    fireEvent.click(write);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    act(() => setCredentials({ accessToken: makeToken({ username: 'root', roles: ['User', 'Admin'] }) }));
    expect(write).toBeEnabled();
  });
});
