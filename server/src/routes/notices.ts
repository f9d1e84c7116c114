import { noticeSettingsCalls } from '@coach/shared/contract/notices';
import { type Registration, serve } from '../adapter.ts';
import { getNoticeSettings, saveNoticeSettings } from '../services/organisation/notices.ts';

/** A member's choice of mails about their work, on their profile. */
export const noticeRoutes: Registration[] = [
  serve(noticeSettingsCalls.get, ({ ctx }) => getNoticeSettings(ctx)),
  serve(noticeSettingsCalls.update, ({ ctx, input }) => saveNoticeSettings(ctx, input)),
];
