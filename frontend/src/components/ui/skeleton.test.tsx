import { render, screen } from '@testing-library/react';
import { Skeleton, SkeletonCard, SkeletonTable } from './skeleton';

describe('Skeleton', () => {
  it('placeholders are hidden from assistive tech and keep a size', () => {
    const { container } = render(<Skeleton width={120} height={16} />);
    const s = container.querySelector('.skeleton') as HTMLElement;
    expect(s).toHaveAttribute('aria-hidden', 'true');
    expect(s.style.width).toBe('120px');
  });

  it('a skeleton table has one status saying what loads, and the given rows and columns', () => {
    const { container } = render(<SkeletonTable label="Loading trades" columns={4} rows={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading trades');
    expect(container.querySelectorAll('tr')).toHaveLength(3);
    expect(container.querySelectorAll('td')).toHaveLength(12);
  });

  it('a skeleton card reserves its height', () => {
    const { container } = render(<SkeletonCard height={300} label="Loading traders" />);
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('300px');
    expect(screen.getByRole('status')).toHaveTextContent('Loading traders');
  });
});
