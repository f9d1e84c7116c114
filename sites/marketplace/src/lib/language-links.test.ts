// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keepPageStateInLanguageLinks, withPageState } from './language-links.ts';

describe('the language switcher', () => {
  it("keeps the page's query string and fragment in the other language's address", () => {
    expect(withPageState('/ar/marketplace/paymentstatus', { search: '?paymentId=pi_1', hash: '' })).toBe(
      '/ar/marketplace/paymentstatus?paymentId=pi_1',
    );
    expect(withPageState('/es/marketplace/home?old=1#x', { search: '?search=ielts', hash: '#courses' })).toBe(
      '/es/marketplace/home?search=ielts#courses',
    );
    expect(withPageState('/marketplace/home', { search: '', hash: '' })).toBe('/marketplace/home');
  });

  it('a reader on the payment status page who switches to Arabic still sees their payment', () => {
    window.history.replaceState(null, '', '/marketplace/paymentstatus?paymentId=pi_42#top');
    document.body.innerHTML =
      '<a data-language="ar" href="/ar/marketplace/paymentstatus">العربية</a><a href="/other">x</a>';
    keepPageStateInLanguageLinks();
    expect(document.querySelector('[data-language]')?.getAttribute('href')).toBe(
      '/ar/marketplace/paymentstatus?paymentId=pi_42#top',
    );
    expect(document.querySelector('a:not([data-language])')?.getAttribute('href')).toBe('/other');
    window.history.replaceState(null, '', '/marketplace/paymentstatus?paymentId=pi_42#later');
    document.querySelector<HTMLAnchorElement>('[data-language]')?.dispatchEvent(new MouseEvent('click'));
    expect(document.querySelector('[data-language]')?.getAttribute('href')).toBe(
      '/ar/marketplace/paymentstatus?paymentId=pi_42#later',
    );
  });
});
