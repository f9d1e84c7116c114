import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

const Name = ({ start = '' }: { start?: string }) => {
  const [value, setValue] = useState(start);
  return (
    <TextField
      label="Company name"
      value={value}
      maxLength={20}
      onChange={(event) => setValue(event.target.value)}
    />
  );
};

describe('a text field with a length limit', () => {
  it('says how much of the limit the text uses once it nears it, and when it is reached', async () => {
    render(<Name start="Acme Learning" />);
    const field = screen.getByRole('textbox', { name: 'Company name' });
    // 13 of 20: far from the limit, nothing is said.
    expect(field).not.toHaveAccessibleDescription();
    const user = userEvent.setup();
    await user.type(field, ' Group');
    expect(field).toHaveAccessibleDescription('19 of 20 characters');
    await user.type(field, 'XYZ');
    expect(field).toHaveValue('Acme Learning GroupX');
    expect(field).toHaveAccessibleDescription('20 of 20 characters');
    expect(screen.getByText('20 of 20 characters')).toHaveClass('field__room--full');
  });
});
