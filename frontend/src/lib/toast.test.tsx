import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { getToasts, toast, TOAST_LIMIT } from './toast';

describe('toasts (seed §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows success toasts for 2000 ms and errors for 4000 ms, in live regions', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('User created successfully');
      toast.error('Error creating user');
    });
    expect(screen.getByRole('status')).toHaveTextContent('User created successfully');
    expect(screen.getByRole('alert')).toHaveTextContent('Error creating user');
    act(() => vi.advanceTimersByTime(2001));
    expect(screen.queryByText('User created successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Error creating user')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Error creating user')).not.toBeInTheDocument();
  });

  it('keeps at most 20 toasts, dropping the oldest', () => {
    vi.useFakeTimers();
    for (let i = 0; i < 25; i++) toast.info(`n${i}`);
    expect(getToasts()).toHaveLength(TOAST_LIMIT);
    expect(getToasts()[0].message).toBe('n5');
  });

  it('can be dismissed', async () => {
    render(<Toaster />);
    act(() => void toast.success('Bye'));
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Bye')).not.toBeInTheDocument();
  });
});
