/**
 * A server's (or the contract's) English sentence as the reader sees it: without a 422's "field: " prefix (the
 * field is the API's name, not a word of theirs), and in the page's language when `known` lists it (English
 * sentence → the section's string). A sentence not listed yet shows as sent.
 */
export const serverMessage = (message: string, known: Readonly<Record<string, string>>) => {
  const plain = message.replace(/^[\w.]+: /, '');
  return known[plain] ?? plain;
};
