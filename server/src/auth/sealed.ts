import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back to use (webhook signing secrets, the LRS key, authenticator-app secrets), stored
 * encrypted with AES-256-GCM under a key derived from the server's secret (main.ts: JWT_SECRET or
 * DATA_DIR/jwt-secret) and the purpose, so a copy of the database alone does not give them away and a secret sealed
 * for one purpose opens for no other. Stored as `v1:<base64 of iv, tag, ciphertext>`.
 */
const keyOf = (serverSecret: string, purpose: string) =>
  createHash('sha256').update(`${purpose}:${serverSecret}`).digest();

export const sealSecret = (serverSecret: string, plain: string, purpose: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
};

export const openSecret = (serverSecret: string, stored: string, purpose: string) => {
  if (!stored.startsWith('v1:')) throw new Error('Unknown secret format');
  const bytes = Buffer.from(stored.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret, purpose), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
};
