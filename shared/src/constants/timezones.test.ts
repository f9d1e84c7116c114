import { describe, expect, it } from 'vitest';
import { effectiveTimeZone, isKnownTimeZone, timeZoneLabel, timeZoneList } from './timezones.ts';

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

  it('reads a zone the runtime lists by its old name as its place is named now', () => {
    expect(timeZoneLabel('Asia/Saigon')).toBe('Asia/Ho Chi Minh');
    expect(timeZoneLabel('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(timeZoneLabel('America/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
    expect(timeZoneLabel('Australia/Sydney')).toBe('Australia/Sydney');
    // Every new name is a zone this runtime knows, so the two always meet.
    expect(isKnownTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
  });

  it("uses the member's zone, else the enterprise's, else UTC", () => {
    expect(effectiveTimeZone({ member: 'Asia/Tokyo', enterprise: 'Europe/Paris' })).toBe('Asia/Tokyo');
    expect(effectiveTimeZone({ member: null, enterprise: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(effectiveTimeZone({ member: null, enterprise: null })).toBe('UTC');
  });
});
