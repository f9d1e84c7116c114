import { describe, expect, it } from 'vitest';
import { browserLanguage, languageTag, matchLanguage } from './languages.ts';

describe('matching a browser language to the nine (spec §9)', () => {
  it('takes the language whatever the region, and Simplified Chinese only', () => {
    expect(matchLanguage('ar-EG')).toBe('ar');
    expect(matchLanguage('es-419')).toBe('es');
    expect(matchLanguage('zh-CN')).toBe('zh-Hans');
    expect(matchLanguage('zh-Hans-SG')).toBe('zh-Hans');
    expect(matchLanguage('zh')).toBe('zh-Hans');
    expect(matchLanguage('zh-TW')).toBeNull();
    expect(matchLanguage('zh-Hant')).toBeNull();
    expect(matchLanguage('fa-AF')).toBe('fa');
    expect(matchLanguage('prs')).toBe('fa');
    expect(matchLanguage('ps-AF')).toBe('ps');
    expect(matchLanguage('uk-UA')).toBe('uk');
    expect(matchLanguage('fr-FR')).toBeNull();
  });

  it("takes the browser's first preferred language among the nine, else English", () => {
    expect(browserLanguage(['fr-FR', 'vi-VN', 'en'])).toBe('vi');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('tags Dari as the Persian of Afghanistan', () => {
    expect(languageTag('fa')).toBe('fa-AF');
    expect(languageTag('zh-Hans')).toBe('zh-Hans');
  });
});

describe('every language loads when chosen', () => {
  it('shows each language, Simplified Chinese and Dari included, with its plural forms', async () => {
    const { applyLanguage, i18n } = await import('./index.ts');
    await applyLanguage('zh-Hans');
    expect(i18n.t('shell.menu')).toBe('菜单');
    expect(i18n.t('auth.tooMany', { count: 3 })).toBe('尝试次数过多，请 3 分钟后再试');
    expect(document.documentElement).toHaveAttribute('lang', 'zh-Hans');
    await applyLanguage('fa');
    expect(i18n.t('shell.menu')).toBe('مینو');
    expect(document.documentElement).toHaveAttribute('lang', 'fa-AF');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await applyLanguage('ps');
    expect(i18n.t('errors.goBack')).toBe('بېرته');
    await applyLanguage('en');
    expect(i18n.t('shell.menu')).toBe('Menu');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

describe("one language's strings at a time", () => {
  it('loads the namespaces screens asked for in the chosen language only, before showing it', async () => {
    const { applyLanguage, i18n, needNamespaces } = await import('./index.ts');
    needNamespaces(['members']);
    await applyLanguage('uk');
    expect(i18n.t('shell.menu')).toBe('Меню');
    expect(i18n.hasResourceBundle('uk', 'members')).toBe(true);
    expect(i18n.hasResourceBundle('uk', 'common')).toBe(true);
    // Languages never chosen here load nothing.
    for (const other of ['ar', 'es', 'hi', 'vi']) expect(i18n.hasResourceBundle(other, 'common')).toBe(false);
    await applyLanguage('en');
  });
});

describe('the language a sign-in link asks for', () => {
  it("takes the marketplace's ?lang= as the reader's choice, and keeps it; an unknown one is not taken", async () => {
    const { addressLanguage, startingLanguage } = await import('./index.ts');
    const before = window.location.href;
    try {
      localStorage.removeItem('coach.language');
      window.history.replaceState(null, '', '/login?redirect=%2Fenterprise%2Fmy-courses&lang=zh-Hans');
      expect(addressLanguage()).toBe('zh-Hans');
      expect(startingLanguage()).toBe('zh-Hans');
      expect(localStorage.getItem('coach.language')).toBe('zh-Hans');
      window.history.replaceState(null, '', '/login?lang=klingon');
      expect(addressLanguage()).toBeNull();
      expect(startingLanguage()).toBe('zh-Hans');
    } finally {
      localStorage.removeItem('coach.language');
      window.history.replaceState(null, '', before);
    }
  });
});
