import { describe, expect, it } from 'vitest';
import { pastedPhone } from './pasted-phone.ts';

describe('a number pasted or filled over the phone field (spec §5: dial code plus number, leading zeros stripped)', () => {
  it('a visitor pasting a national number gets it after the field’s dial code, its leading zero dropped', () => {
    expect(pastedPhone('0412345678', '61')).toBe('+61412345678');
    expect(pastedPhone('0412 345 678', '61')).toBe('+61412345678');
    expect(pastedPhone('(02) 9876 5432', '61')).toBe('+61298765432');
    expect(pastedPhone('412345678', '61')).toBe('+61412345678');
    expect(pastedPhone('09876543210', '91')).toBe('+919876543210');
  });

  it('a visitor pasting an international number keeps its own country', () => {
    expect(pastedPhone('+44 7911 123456', '61')).toBe('+447911123456');
    expect(pastedPhone('+1 (202) 555-0123', '61')).toBe('+12025550123');
    // Dial code and number without the '+': read as such only when that is a real number and the national reading is not.
    expect(pastedPhone('61412345678', '61')).toBe('+61412345678');
  });

  it('a visitor pasting a number with the field’s own dial code keeps it, a zero after the code dropped', () => {
    expect(pastedPhone('+61 412345678', '61')).toBe('+61412345678');
    expect(pastedPhone('+61 (0)412 345 678', '61')).toBe('+61412345678');
  });

  it('finds no number in the dial code alone (being typed or deleted) or in text without digits', () => {
    expect(pastedPhone('+61 ', '61')).toBeNull();
    expect(pastedPhone('+6', '61')).toBeNull();
    expect(pastedPhone('+', '61')).toBeNull();
    expect(pastedPhone('', '61')).toBeNull();
    expect(pastedPhone('abc', '61')).toBeNull();
    expect(pastedPhone('0', '61')).toBeNull();
  });
});
