import { describe, expect, it } from 'vitest';
import * as timing from './timing.ts';

describe('timing constants (spec §9)', () => {
  it('keeps the spec figures', () => {
    expect(timing).toMatchObject({
      VIDEO_COMPLETION_THRESHOLD: 0.8,
      DEFAULT_VOLUME: 0.8,
      PLAYBACK_SPEEDS: [0.5, 1, 1.25, 1.5, 2],
      GROUP_SEARCH_DEBOUNCE_MS: 500,
      GROUP_DROPDOWN_MAX_HEIGHT_PX: 300,
      COURSE_SEARCH_DEBOUNCE_MS: 2000,
      TOKEN_REFRESH_WINDOW_SECONDS: 14400,
      PRELOADER_MS: 2500,
      TOAST_MS: 4000,
      PENDING_REVIEW_PAGE_SIZE: 10,
      ENTERPRISE_TASKS_PAGE_SIZE: 25,
      USER_GROUPS_PAGE_SIZE: 10,
      MARKETPLACE_DEFAULT_PAGE: 1,
    });
  });
});
