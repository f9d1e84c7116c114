import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { describe, expect, it } from 'vitest';
import { contentActionErrorText } from './content-action-error.ts';

describe('content action errors (spec §8)', () => {
  it('a 422 shows the server message', () => {
    expect(contentActionErrorText(new ApiError({ status: 422, message: 'Unknown action' }))).toBe(
      'Unknown action',
    );
  });

  it('a 401 is left to the client, which shows the message and logs out', () => {
    expect(contentActionErrorText(new ApiError({ status: 401, message: 'Session expired' }))).toBeNull();
  });

  it('anything else shows the generic message', () => {
    expect(contentActionErrorText(new ApiError({ status: 500, message: 'Database down' }))).toBe(
      GENERIC_ERROR_MESSAGE,
    );
    expect(contentActionErrorText(new TypeError('Failed to fetch'))).toBe(GENERIC_ERROR_MESSAGE);
  });
});
