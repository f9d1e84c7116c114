import { describe, expect, it } from 'vitest';
import { isMarketplaceHost } from './hosts.ts';
import { safeRedirect } from './paths.ts';

describe('entry rules (spec §2)', () => {
  it('treats the production and staging marketplace hosts as marketplace, and nothing else', () => {
    expect(isMarketplaceHost('marketplace.coach.example')).toBe(true);
    expect(isMarketplaceHost('staging-marketplace.coach.example')).toBe(true);
    expect(isMarketplaceHost('app.coach.example')).toBe(false);
  });

  it('follows only same-site redirects after sign-in', () => {
    expect(safeRedirect('/enterprise/members?x=1', '/d')).toBe('/enterprise/members?x=1');
    expect(safeRedirect('//evil.example/x', '/d')).toBe('/d');
    expect(safeRedirect('https://evil.example', '/d')).toBe('/d');
    expect(safeRedirect(null, '/d')).toBe('/d');
  });
});
