import { render, screen } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from './field';

describe('Field', () => {
  it('a text field is labelled and describes its hint and error', () => {
    render(<TextField label="Amount" hint="At least $10.00" error="Enter an amount" />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter an amount At least $10.00');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount');
  });

  it('select and textarea fields are labelled; no error means valid', () => {
    render(<><SelectField label="Status"><option>Open</option></SelectField><TextAreaField label="Message" /></>);
    expect(screen.getByLabelText('Status')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
  });

  it('FormError renders only with a message', () => {
    const { container, rerender } = render(<FormError message={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<FormError message="Wrong code" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong code');
  });
  it('a checkbox is named by its words, toggles from them and describes its hint', () => {
    const onChange = vi.fn();
    render(<CheckboxField label="Also email me" hint="One email per alert" checked={false} onChange={(e) => onChange(e.target.checked)} />);
    const box = screen.getByRole('checkbox', { name: 'Also email me' });
    expect(box).toHaveAccessibleDescription('One email per alert');
    fireEvent.click(screen.getByText('Also email me'));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
