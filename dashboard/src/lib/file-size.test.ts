import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { fileSize } from './file-size.ts';

describe('fileSize in the dashboard (spec §5: KB, MB, GB in the reader’s number format)', () => {
  it('writes the amount as formatNumber does for the chosen language, the unit as it is', async () => {
    await applyLanguage('en');
    expect(fileSize(2437)).toBe('2.38 KB');
    expect(fileSize(0)).toBe('0 KB');
    expect(fileSize(3 * 1024 ** 4)).toBe('3,072 GB');
    await applyLanguage('es');
    expect(fileSize(2437)).toBe('2,38 KB');
    expect(fileSize(1)).toBe('0,01 KB');
    expect(fileSize(5.25 * 1024 ** 2)).toBe('5,25 MB');
    await applyLanguage('uk');
    expect(fileSize(1536)).toBe('1,5 KB');
    await applyLanguage('fa');
    expect(fileSize(1536)).toBe('۱٫۵ KB');
    expect(fileSize(0)).toBe('۰ KB');
  });
});
