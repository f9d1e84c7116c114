import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { empty } from './envelope.ts';

/**
 * Which mails about their work a member gets: something assigned to them, a task due tomorrow
 * and not done, a reviewer's feedback. All on until the member turns one off on their profile. Each member reads
 * and changes only their own (the session's account; a platform admin logged in as them cannot change them).
 */
export const noticeSettingsSchema = z.strictObject({
  /** A task or video assigned (one mail for everything assigned at once). */
  assigned: z.boolean(),
  /** An assigned task due tomorrow and not done yet. */
  dueTomorrow: z.boolean(),
  /** A reviewer left feedback on the member's task. */
  feedback: z.boolean(),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

const E = API_BASE.enterprise;

export const noticeSettingsCalls = {
  get: defineCall({
    method: 'GET',
    path: `${E}/general/auth/notification-settings`,
    auth: 'enterprise',
    permission: null,
    request: empty(),
    response: noticeSettingsSchema,
  }),
  update: defineCall({
    method: 'POST',
    path: `${E}/general/auth/update-notification-settings`,
    auth: 'enterprise',
    permission: null,
    request: noticeSettingsSchema,
    response: noticeSettingsSchema,
  }),
};
