import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back to use (webhook signing secrets, the LRS key), stored encrypted with
 * AES-256-GCM under a key derived from the server's secret (main.ts: JWT_SECRET or DATA_DIR/jwt-secret), so a
 * copy of the database alone does not give them away. Stored as `v1:<base64 of iv, tag, ciphertext>`.
 */
const keyOf = (serverSecret: string) => createHash('sha256').update(`integrations:${serverSecret}`).digest();

export const sealSecret = (serverSecret: string, plain: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
};

export const openSecret = (serverSecret: string, stored: string) => {
  if (!stored.startsWith('v1:')) throw new Error('Unknown secret format');
  const bytes = Buffer.from(stored.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
};

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
