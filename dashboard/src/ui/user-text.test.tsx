import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './user-text.tsx';

describe('an email address on a narrow card', () => {
  it('reads whole, and may wrap only after its @', () => {
    render(<EmailAddress email="samir.ahmadi@learners.example" />);
    const email = screen.getByText('samir.ahmadi@learners.example');
    expect(email.innerHTML).toBe('samir.ahmadi@<wbr>learners.example');
    expect(email).toHaveAttribute('dir', 'ltr');
  });
});
