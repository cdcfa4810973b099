import { render, screen } from '@testing-library/react';
import { Money, Percent, Pnl, Price } from './money';

describe('Money / Pnl / Percent / Price', () => {
  it('money: $ with grouping, sign and colour only when asked', () => {
    render(<><Money value="1234.5" /><Pnl value="-12.3" /><Pnl value="7" /><Pnl value="-0.004" /></>);
    expect(screen.getByText('$1,234.50')).not.toHaveClass('pos');
    expect(screen.getByText('-$12.30')).toHaveClass('neg');
    expect(screen.getByText('+$7.00')).toHaveClass('pos');
    // rounding noise under half a cent is zero, uncoloured
    const zero = screen.getByText('$0.00');
    expect(zero).not.toHaveClass('neg');
  });

  it('percent: 2 decimals, signed and coloured by default', () => {
    render(<><Percent value="3.456" /><Percent value={-1.2} /><Percent value="-0.001" /></>);
    expect(screen.getByText('+3.46%')).toHaveClass('pos');
    expect(screen.getByText('-1.20%')).toHaveClass('neg');
    expect(screen.getByText('0.00%')).not.toHaveClass('neg');
  });

  it('price: the instrument decimals and thousands separators', () => {
    render(<><Price value="64250.5" /><Price value="1.084125" decimals={5} /></>);
    expect(screen.getByText('64,250.50')).toBeInTheDocument();
    expect(screen.getByText('1.08413')).toBeInTheDocument();
  });
});
