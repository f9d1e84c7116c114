import { randomBytes } from 'node:crypto';
import { openSecret as open, sealSecret as seal } from '../../auth/sealed.ts';

/** Webhook signing secrets and the LRS key, sealed at rest (auth/sealed.ts) for the purpose 'integrations'. */
export const sealSecret = (serverSecret: string, plain: string) => seal(serverSecret, plain, 'integrations');
export const openSecret = (serverSecret: string, stored: string) =>
  open(serverSecret, stored, 'integrations');

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
