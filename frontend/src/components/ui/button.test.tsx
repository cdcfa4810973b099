import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from './button';

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
});
