type Check = (email: string) => string | undefined;
let loading: Promise<Check> | undefined;

/**
 * What is wrong with a buyer's address by the contract's own rule: the email field get-user-details,
 * generate-secret and enroll-course share (trimmed, an address by zod's email format, at most 254 characters), so
 * the dialog refuses "pat@" before asking the server, with the sentence the server would answer, and never
 * refuses one the server takes. The rule comes with the full contract, zod with it: it is fetched when the dialog
 * opens (see preloadEmailCheck), not with the page's scripts, which use the light contract. Answers the contract's
 * English sentence, or undefined when the address is fine, or when the module cannot load (the server checks).
 */
export const emailProblem = async (email: string): Promise<string | undefined> => {
  loading ??= import('@coach/shared/contract/marketplace').then(
    ({ marketplace }): Check =>
      (value) =>
        marketplace.getUserDetails.request.shape.email.safeParse(value).error?.issues[0]?.message,
  );
  try {
    return (await loading)(email);
  } catch {
    loading = undefined;
    return undefined;
  }
};

/** Fetches the rule while the buyer types, so the check on Continue does not wait for it. */
export const preloadEmailCheck = () => void emailProblem('');
