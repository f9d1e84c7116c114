import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../permissions.ts';
import { narrowestGrantableRole, permissionCountOf } from './roles.ts';

describe('the role an invitation starts from', () => {
  it('counts a role without keys as every key (no limits), never as none', () => {
    expect(permissionCountOf([])).toBe(PERMISSION_KEYS.length);
    expect(permissionCountOf(['dashboard', 'not-a-key'])).toBe(1);
  });

  it('picks the grantable role with the fewest permissions, the first on a tie', () => {
    const options = [
      { name: 'Admin', grantable: true, permissionCount: 9 },
      { name: 'Coach', grantable: true, permissionCount: 1 },
      { name: 'Owners only', grantable: false, permissionCount: 0 },
      { name: 'Trainee', grantable: true, permissionCount: 1 },
    ];
    expect(narrowestGrantableRole(options)?.name).toBe('Coach');
    expect(narrowestGrantableRole(options.filter((o) => !o.grantable))).toBeUndefined();
  });
});
