import { describe, expect, it } from 'vitest';
import { cardProblems, formatCardNumber, formatExpiry } from './card-fields.ts';

/** Types `text` one key at a time, as a person would, through the formatter. */
const typeInto = (text: string, start = '') => {
  let value = start;
  for (const key of text) value = formatExpiry(value + key, value);
  return value;
};

describe('the card expiry', () => {
  it('reads "1230", "12/30" and "12 / 30" as 12/30, pasted or typed', () => {
    for (const typed of ['1230', '12/30', '12 / 30', '12-30']) {
      expect(formatExpiry(typed), typed).toBe('12/30');
      expect(typeInto(typed), typed).toBe('12/30');
    }
  });

  it('puts the slash in after the month as it is typed, and a lone 4 is April', () => {
    expect(typeInto('1')).toBe('1');
    expect(typeInto('12')).toBe('12/');
    expect(typeInto('4')).toBe('04/');
    expect(typeInto('429')).toBe('04/29');
    expect(formatExpiry('123045')).toBe('12/30');
  });

  it('lets Backspace remove the slash instead of putting it back', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
    expect(formatExpiry('12/3', '12/30')).toBe('12/3');
  });
});

describe('the card fields', () => {
  it('group the number in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242-4242-4242-4242-99')).toBe('4242 4242 4242 4242');
  });

  it('name each field the server would refuse', () => {
    expect(cardProblems({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toEqual({});
    expect(cardProblems({ number: '4242', expiry: '13/30', cvc: '1' })).toEqual({
      cardNumber: 'number',
      expiry: 'expiry',
      cvc: 'cvc',
    });
  });

  it('name an expiry before this month as expired, as the server would, and take this month to its end', () => {
    const card = { number: '4242 4242 4242 4242', cvc: '123' };
    const midMay2026 = new Date('2026-05-15T12:00:00Z');
    expect(cardProblems({ ...card, expiry: '01/20' }, midMay2026)).toEqual({ expiry: 'expired' });
    expect(cardProblems({ ...card, expiry: '04/26' }, midMay2026)).toEqual({ expiry: 'expired' });
    expect(cardProblems({ ...card, expiry: '05/26' }, midMay2026)).toEqual({});
    expect(cardProblems({ ...card, expiry: '05/26' }, new Date('2026-05-31T23:59:59Z'))).toEqual({});
    expect(cardProblems({ ...card, expiry: '05/26' }, new Date('2026-06-01T00:00:01Z'))).toEqual({
      expiry: 'expired',
    });
    // A month that is none stays a wrong format, not an expired card.
    expect(cardProblems({ ...card, expiry: '00/20' }, midMay2026)).toEqual({ expiry: 'expiry' });
  });
});
