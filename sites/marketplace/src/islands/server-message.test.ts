import { describe, expect, it } from 'vitest';
import { serverMessage } from './server-message.ts';

describe('a server message on the page', () => {
  it("drops a 422's field prefix and speaks the page's language when it knows the sentence", () => {
    const known = { 'Please enter a valid email': 'يرجى إدخال بريد إلكتروني صالح' };
    expect(serverMessage('email: Please enter a valid email', known)).toBe('يرجى إدخال بريد إلكتروني صالح');
    expect(serverMessage('data.email: Please enter a valid email', known)).toBe(
      'يرجى إدخال بريد إلكتروني صالح',
    );
    expect(serverMessage('search: Something new', known)).toBe('Something new');
    expect(serverMessage('Too many attempts, try again in 5 minutes', known)).toBe(
      'Too many attempts, try again in 5 minutes',
    );
  });
});
