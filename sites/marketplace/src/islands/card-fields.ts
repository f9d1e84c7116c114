/**
 * The payment form's card fields as people type them: an expiry typed "1230", "12/30" or
 * "12 / 30" reads 12/30, the slash put in as they type; the server still checks what is sent.
 */

/**
 * The expiry as MM/YY from what is typed. `previous` is the field's value before this keystroke: while deleting,
 * no slash is added back, so Backspace can remove it. A first digit above 1 is a month on its own ("4" → "04/").
 */
export const formatExpiry = (typed: string, previous = '') => {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  const deleting = typed.length < previous.length;
  if (digits.length === 0) return '';
  if (digits.length === 1) return /[2-9]/.test(digits) && !deleting ? `0${digits}/` : digits;
  const month = digits.slice(0, 2);
  const year = digits.slice(2);
  if (year) return `${month}/${year}`;
  return deleting ? month : `${month}/`;
};

/** Card number in groups of four as on the card ("4242 4242 4242 4242"), at most 16 digits. */
export const formatCardNumber = (typed: string) =>
  typed
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export type CardFields = { number: string; expiry: string; cvc: string };
export type CardProblems = Partial<
  Record<'cardNumber' | 'expiry' | 'cvc', 'number' | 'expiry' | 'expired' | 'cvc'>
>;

/** A card is good to the end of its month (UTC), as the server reads MM/YY: "01/20" is refused from February 2020. */
const hasExpired = (expiry: string, now: Date) => {
  const [month = 0, year = 0] = expiry.split('/').map(Number);
  return Date.UTC(2000 + year, month, 1) < now.getTime();
};

/**
 * The browser's checks before the card is sent, by field, the same rules as the server's (contract
 * confirmTestPayment and the payment service): 16 digits, a real month as MM/YY not yet past, a 3 or 4 digit code.
 */
export const cardProblems = (card: CardFields, now = new Date()): CardProblems => {
  const problems: CardProblems = {};
  if (!/^\d{16}$/.test(card.number.replace(/\s+/g, ''))) problems.cardNumber = 'number';
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiry)) problems.expiry = 'expiry';
  else if (hasExpired(card.expiry, now)) problems.expiry = 'expired';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'cvc';
  return problems;
};
