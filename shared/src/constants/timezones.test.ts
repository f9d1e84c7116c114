import { describe, expect, it } from 'vitest';
import { effectiveTimeZone, isKnownTimeZone, timeZoneList } from './timezones.ts';

describe('the timezone list of spec §9', () => {
  it('holds UTC first and the IANA zones after it', () => {
    const list = timeZoneList();
    expect(list[0]).toBe('UTC');
    expect(list).toContain('Australia/Sydney');
    expect(list.length).toBeGreaterThan(300);
  });

  it('knows listed zones and their other names, and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Madrid')).toBe(true);
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('Asia/Calcutta')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('EST')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });

  it("uses the member's zone, else the enterprise's, else UTC", () => {
    expect(effectiveTimeZone({ member: 'Asia/Tokyo', enterprise: 'Europe/Paris' })).toBe('Asia/Tokyo');
    expect(effectiveTimeZone({ member: null, enterprise: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(effectiveTimeZone({ member: null, enterprise: null })).toBe('UTC');
  });
});
