import { describe, expect, it } from 'vitest';
import { appStoreLinksFrom } from './store-links.ts';

describe('appStoreLinksFrom', () => {
  it('keeps an http(s) address and drops an unset, blank or mistyped one', () => {
    expect(
      appStoreLinksFrom({
        VITE_APP_STORE_URL: ' https://apps.apple.com/app/acme/id1 ',
        VITE_GOOGLE_PLAY_URL: 'javascript:alert(1)',
      }),
    ).toEqual({ ios: 'https://apps.apple.com/app/acme/id1', android: null });
    expect(appStoreLinksFrom({ VITE_APP_STORE_URL: '  ', VITE_GOOGLE_PLAY_URL: 'not a url' })).toEqual({
      ios: null,
      android: null,
    });
    expect(appStoreLinksFrom({})).toEqual({ ios: null, android: null });
  });
});
