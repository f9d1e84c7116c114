import { hash, verify } from '@node-rs/argon2';

// OWASP argon2id minimum: m=19 MiB, t=2, p=1. Algorithm 2 = Argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/** Verifies against a dummy hash when there is no account, so timing does not reveal which emails exist. */
export const verifyPassword = async (storedHash: string | null | undefined, password: string) => {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
};
