/**
 * "129" or "129.50" in the currency's main unit → cents; a currency sign or code before it and thousands commas
 * are let pass ("$149.00", "AUD 1,250"), as a price is often pasted so; anything else is not a price. A decimal
 * comma, as Spanish, Ukrainian or Vietnamese readers write one ("129,50", "1.299,50", "1 299,50"), is read as the
 * decimal point, its points or spaces grouping thousands.
 */
export const toCents = (price: string) => {
  const bare = price
    .trim()
    .replace(/^(?:[A-Z]{3}|[A-Z]{0,2}[$€£₹])\s*/i, '')
    .replace(/\s*(?:[A-Z]{3}|€)$/i, '');
  const trimmed = /,\d{1,2}$/.test(bare)
    ? bare.replace(/[.\s\u00a0\u202f](?=\d{3}(?:\D|$))/g, '').replace(/,(\d{1,2})$/, '.$1')
    : bare.replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
};
