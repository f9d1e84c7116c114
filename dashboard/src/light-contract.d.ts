/**
 * The light contract modules the dashboard imports (shared/src/build/light-contract.ts serves them at build time):
 * the sign-in and session calls of both audiences without their schemas, so the sign-in page's first scripts carry
 * no zod (app/first-load.test.ts). Each export has its contract entry's type, so inputs and answers stay typed;
 * lib/light-contract.test.ts checks the values against the contract. Screens past the sign-in import the contract.
 */

declare module 'virtual:light-contract/auth' {
  export { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
}

declare module 'virtual:light-contract/passkeys' {
  export { adminPasskeys, enterprisePasskeys } from '@coach/shared/contract/passkeys';
}

declare module 'virtual:light-contract/sso' {
  export { enterpriseSso } from '@coach/shared/contract/sso';
}
