import { isValidMobileNo } from '@coach/shared/contract/marketplace';

/**
 * The full number ('+61412345678') for text put into the phone field at once (a paste over it, a browser's
 * autofill, Playwright's fill), or null when there is no number in it: no digit, or only the field's dial code or
 * part of it (being typed or deleted), which the phone input handles itself.
 *
 * The phone input keeps its dial code (spec §5: Australia by default) and drops such text unless it is a paste
 * that starts with that code, so a national '0412 345 678' was lost. A number written with '+' keeps its own
 * country ('+44 7911…'); one without is national to the field's country; leading zeros of the national part are
 * stripped (spec §5). Digits that only make a real number when read as dial code and number ('61412345678') are
 * read that way.
 */
export const pastedPhone = (text: string, dialCode: string): string | null => {
  const digits = text.replace(/\D/g, '');
  if (!digits) return null;
  const own = `+${dialCode}`;
  if (text.trim().startsWith('+')) {
    const typed = `+${digits}`;
    if (own.startsWith(typed)) return null;
    return typed.startsWith(own) ? `${own}${typed.slice(own.length).replace(/^0+/, '')}` : typed;
  }
  const national = `${own}${digits.replace(/^0+/, '')}`;
  if (national === own) return null;
  if (digits.startsWith(dialCode) && !isValidMobileNo(national) && isValidMobileNo(`+${digits}`))
    return `+${digits}`;
  return national;
};

/**
 * Input that puts text in at once rather than a key at a time: a paste, a drop, a replacement (autofill, a
 * spelling fix), several characters typed in one go (Playwright's fill, dictation); a plain Event is autofill's.
 */
export const insertsText = (event: Event) => {
  if (typeof InputEvent === 'undefined' || !(event instanceof InputEvent)) return true;
  const { inputType, data } = event;
  if (inputType === 'insertText') return (data?.length ?? 0) > 1;
  return ['insertFromPaste', 'insertFromDrop', 'insertReplacementText', 'insertFromYank', ''].includes(
    inputType,
  );
};
