import type { LanguageCode } from '@coach/shared/constants/languages';
import ar from './ar.json';
import en from './en.json';
import es from './es.json';
import fa from './fa.json';
import hi from './hi.json';
import ps from './ps.json';
import uk from './uk.json';
import vi from './vi.json';
import zhHans from './zh-Hans.json';

/**
 * Every string of the site, one JSON file per language (en is the reference; the completeness test checks the
 * others). Only pages import this module, at build time; an island gets its own section as a prop, so a
 * browser never downloads another language's strings.
 */
export type Messages = typeof en;
export type Section = Record<string, string>;

const ALL: Record<LanguageCode, unknown> = { en, ar, fa, hi, 'zh-Hans': zhHans, ps, es, uk, vi };

export const messagesFor = (lang: LanguageCode): Messages => ALL[lang] as Messages;
