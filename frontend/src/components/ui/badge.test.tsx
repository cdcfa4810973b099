import { render, screen } from '@testing-library/react';
import { Badge, StatusBadge, toneOf } from './badge';

describe('Badge', () => {
  it('maps statuses to tones', () => {
    expect(toneOf('Verified')).toBe('green');
    expect(toneOf('pending')).toBe('amber');
    expect(toneOf('rejected')).toBe('red');
    expect(toneOf(undefined)).toBe('grey');
  });

  it('StatusBadge capitalises and colours; Badge takes a tone', () => {
    render(<><StatusBadge status="active" /><Badge tone="red">Blocked</Badge><StatusBadge status={null} /></>);
    expect(screen.getByText('Active')).toHaveClass('badge--green');
    expect(screen.getByText('Blocked')).toHaveClass('badge--red');
    expect(screen.getByText('Unknown')).toHaveClass('badge--grey');
  });
});
