import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './pager';

describe('Pager', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pager label="Trade pages" page={1} pages={1} onPage={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('moves one page at a time and disables the ends', () => {
    const onPage = vi.fn();
    render(<Pager label="Trade pages" page={1} pages={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Trade pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
