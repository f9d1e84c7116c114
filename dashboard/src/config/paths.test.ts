import { describe, expect, it } from 'vitest';
import { fillPath, paths } from './paths.ts';

describe('fillPath', () => {
  it('fills and encodes segments, and drops an optional one left empty', () => {
    expect(fillPath(paths.enterprise.memberDetail, { id: 'a/b c' })).toBe(
      '/enterprise/member/detail/a%2Fb%20c',
    );
    expect(fillPath(paths.enterprise.manageGroup, { id: 'g1' })).toBe('/enterprise/groups/manage/g1');
    expect(fillPath(paths.enterprise.manageGroup)).toBe('/enterprise/groups/manage');
  });
});
