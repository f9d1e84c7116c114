import { ApiError } from '@coach/shared/client';
import { REQUEST_LIMIT_MESSAGES, REQUEST_TYPE_MESSAGES } from '@coach/shared/contract/request-errors';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorText } from '../lib/api-error-text.ts';
import { applyLanguage, i18n } from './index.ts';
import english from './locales/en/server.json';
import { serverText } from './server-text.ts';

// Node's fs, typed here because the dashboard does not depend on @types/node (as in logical-properties.test.ts).
const { readFileSync } = (await import('node:fs' as string)) as {
  readFileSync: (path: string, encoding: 'utf8') => string;
};

// Plain paths: jsdom's URL replaces Node's in this environment.
const repoRoot = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /dashboard\/src\/i18n\/[^/]+$/,
  '',
);
// The sources whose messages reach the reader: found by Vite's glob (not loaded), so a new file is checked unlisted.
const sourcePaths = Object.keys(
  import.meta.glob([
    '../../../server/src/*.ts',
    '../../../server/src/routes/**/*.ts',
    '../../../server/src/services/**/*.ts',
    '../../../shared/src/contract/*.ts',
    '!../../../server/src/**/*.test.ts',
    '!../../../shared/src/**/*.test.ts',
  ]),
).map((key) => key.replace(/^(\.\.\/)+/, ''));

/** Developer-only answers, never seen in production, left in English on purpose. */
const NOT_FOR_READERS = new Set(['The outbox answers only on this machine']);

// A plain literal: single or double quoted, no escape, no line break (a template literal has a variable part).
const LITERAL = String.raw`(?:'([^'\\\n]*)'|"([^"\\\n]*)")`;
/** Where a server or contract source writes a message the reader receives. */
const MESSAGE_PLACES = [
  String.raw`\bmessage:\s*${LITERAL}`,
  String.raw`\bsetMessage\(\s*${LITERAL}\s*\)`,
  // Either branch of a choice of two messages: setMessage(done ? 'A' : 'B'), message: ok ? 'A' : 'B'.
  String.raw`(?:\bsetMessage\(|\bmessage:)[^;?\x60\n]*\?\s*${LITERAL}\s*:\s*${LITERAL}`,
  // Zod's custom messages: { error: '...' } and the message argument of a check.
  String.raw`\berror:\s*${LITERAL}`,
  String.raw`\.(?:min|max|int|length|regex|refine|email|nonempty|positive|nonnegative)\((?:[^()']|\([^()]*\))*?,\s*${LITERAL}\s*\)`,
  // The server's error helpers (server/src/errors.ts).
  // (A call that biome wraps onto lines of its own ends with a trailing comma.)
  String.raw`\b(?:notFound|conflict|forbidden|unauthenticated|coachUnavailable|smsUnavailable|ssoUnavailable)\(\s*${LITERAL}\s*,?\s*\)`,
  String.raw`\bvalidation\(\s*'[\w.]+',\s*${LITERAL}\s*,?\s*\)`,
  String.raw`\bnew AppError\(\s*\d+,\s*[\w.'"]+,\s*${LITERAL}`,
].map((source) => new RegExp(source, 'g'));

/** The sentences a source file hands to the reader as plain literals (those with a letter: no empty strings). */
const messagesIn = (source: string): string[] => {
  const found = new Set<string>();
  for (const place of MESSAGE_PLACES)
    for (const match of source.matchAll(place))
      for (const text of match.slice(1)) if (text !== undefined && /\p{L}/u.test(text)) found.add(text);
  return [...found];
};

describe("the server's messages in the chosen language", () => {
  it('translates a listed English sentence whole and leaves anything else as it is', async () => {
    expect(serverText('Verification code sent')).toBe('Verification code sent');
    await applyLanguage('ar');
    expect(serverText('Verification code sent')).toBe('تم إرسال رمز التحقق');
    expect(serverText('Your password has been reset. Please log in.')).toBe(
      'تمت إعادة تعيين كلمة المرور. يرجى تسجيل الدخول.',
    );
    expect(serverText('Some sentence: nobody listed it.')).toBe('Some sentence: nobody listed it.');
    // A 422 names its field before the sentence; the reader sees the sentence in their language.
    expect(serverText('code: The code is incorrect or has expired')).toBe('الرمز غير صحيح أو انتهت صلاحيته');
  });

  it("says the throttle's wait with the language's plural forms", async () => {
    const wait = (seconds: number) =>
      apiErrorText(new ApiError({ status: 429, message: 'Too many', retryAfter: seconds }));
    expect(wait(60)).toBe('Too many attempts, try again in 1 minute');
    expect(wait(300)).toBe('Too many attempts, try again in 5 minutes');
    await applyLanguage('uk');
    expect(wait(180)).toBe('Забагато спроб, спробуйте ще раз за 3 хвилини');
    expect(wait(300)).toBe('Забагато спроб, спробуйте ще раз за 5 хвилин');
    await applyLanguage('ar');
    expect(wait(120)).toBe('محاولات كثيرة جدًا، حاول مجددًا بعد دقيقتين');
  });
});

describe("the server's sentences with a variable part", () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('keeps the English as the server wrote it', () => {
    expect(serverText('3 words imported')).toBe('3 words imported');
    expect(serverText('Invitation sent to ana@example.com')).toBe('Invitation sent to ana@example.com');
  });

  it('says them in Spanish with its plural forms and the variable text kept', async () => {
    await applyLanguage('es');
    expect(serverText('1 word imported')).toBe('1 palabra importada');
    expect(serverText('12 words imported')).toBe('12 palabras importadas');
    expect(serverText('Invitation sent to ana@example.com')).toBe('Invitación enviada a ana@example.com');
    expect(serverText('No role is named "Team lead"')).toBe('No hay ningún rol llamado «Team lead»');
    expect(serverText('Assigned successfully (2 new, 1 already assigned)')).toBe(
      'Se asignó correctamente (nuevas: 2; ya asignadas: 1)',
    );
    // A 422 names its field first: the sentence alone, in Spanish.
    expect(serverText('file: At most 2000 words per file')).toBe('Como máximo 2000 palabras por archivo');
    // A missing or wrong-typed field, in the request's words (shared/src/contract/request-errors.ts).
    expect(serverText('email: This field is required')).toBe('Este campo es obligatorio');
    expect(serverText('taskIds.0: Must be text')).toBe('Debe ser texto');
    expect(
      serverText('This API key cannot give the role "Learner": the key lacks Dashboard. Make a key with it.'),
    ).toBe(
      'Esta clave de API no puede dar el rol «Learner»: a la clave le falta Dashboard. Crea una clave con ese permiso.',
    );
  });

  it('says them in Arabic with each of its six plural forms', async () => {
    await applyLanguage('ar');
    const exported = (count: number) => serverText(`${count} ${count === 1 ? 'row' : 'rows'} exported`);
    expect(exported(0)).toBe('لم يُصدَّر أي صف');
    expect(exported(1)).toBe('تم تصدير صف واحد');
    expect(exported(2)).toBe('تم تصدير صفّين');
    expect(exported(3)).toBe('تم تصدير 3 صفوف');
    expect(exported(11)).toBe('تم تصدير 11 صفًّا');
    expect(exported(100)).toBe('تم تصدير 100 صف');
    expect(serverText('Logged in as Acme Ltd')).toBe('تم تسجيل الدخول باسم Acme Ltd');
    expect(serverText('4 imported, 2 rows refused')).toBe('تم استيراد 4، ورُفض صفّان');
  });

  it("writes the server's figures and sizes in the reader's digits", async () => {
    await applyLanguage('fa');
    expect(serverText('file: At most 2000 words per file')).toBe('حداکثر ۲٬۰۰۰ کلمه در هر فایل');
    expect(
      serverText(
        "fileSize: This file (2.5 MB) does not fit. Your organisation's storage quota of 1,024 MB has 0.01 KB free.",
      ),
    ).toBe('این فایل (۲٫۵ MB) جا نمی‌شود. از سهمیهٔ ذخیره‌سازی ۱٬۰۲۴ MB ادارهٔ شما ۰٫۰۱ KB خالی مانده است.');
    // A name that is all digits is text, kept as typed.
    expect(serverText('Logged in as 2024')).toContain('2024');
  });

  it("says a request's limits in the reader's language and digits", async () => {
    for (const sentence of [
      ...Object.values(REQUEST_LIMIT_MESSAGES),
      ...Object.values(REQUEST_TYPE_MESSAGES),
    ])
      expect(Object.keys(english)).toContain(sentence);
    await applyLanguage('es');
    expect(serverText('email: At most 254 characters')).toBe('Como máximo 254 caracteres');
    expect(serverText('seats: Must be at most 1,000')).toBe('Debe ser como máximo 1000');
    await applyLanguage('fa');
    expect(serverText('about: At least 20 characters')).toBe('دست‌کم ۲۰ حرف');
  });

  it('leaves a sentence nobody listed as it is', async () => {
    await applyLanguage('es');
    expect(serverText('7 apples imported')).toBe('7 apples imported');
    expect(serverText('Invitations sent to ana@example.com')).toBe('Invitations sent to ana@example.com');
    expect(serverText('Assigned successfully (several new assignments)')).toBe(
      'Assigned successfully (several new assignments)',
    );
  });

  it("finds each pattern's own key: no other pattern takes its sentence first", async () => {
    await applyLanguage('es');
    const OPTIONS = { ns: 'server', keySeparator: false, nsSeparator: false } as const;
    const taken: string[] = [];
    for (const [key, value] of Object.entries(english as Record<string, string>)) {
      if (!value.includes('{{')) continue;
      const count = key.endsWith('_one') ? 1 : 7;
      const values: Record<string, string | number> = {};
      const sentence = value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
        values[name] = name === 'count' ? count : `Acme ${name}`;
        return String(values[name]);
      });
      const expected = i18n.t(key.replace(/_(one|other)$/, ''), { ...OPTIONS, ...values });
      if (serverText(sentence) !== expected) taken.push(`${key}: ${serverText(sentence)}`);
    }
    expect(taken).toEqual([]);
  });
});

describe('every message the server can answer with is listed in en/server.json', () => {
  it('finds the messages of a source, and only its plain literals', () => {
    const source = [
      "ctx.setMessage('Folder created');",
      "ctx.setMessage(paid ? 'You are enrolled' : \"Your payment's on its way\");",
      "throw conflict('A role with this name already exists');",
      "throw validation('report.watchedPercent', 'Please watch the video');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the source under test
      "name: text().min(1, 'Please enter the name').max(LIMIT, `At most ${LIMIT} characters`),",
      "status: z.enum(STATUSES, { error: 'Status is Active or Inactive' }),",
      "return c.json({ success: 0, message: 'Not found', code: 'NOT_FOUND' });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the source under test
      'ctx.setMessage(`${count} words imported`);',
    ].join('\n');
    expect(messagesIn(source).sort()).toEqual(
      [
        'A role with this name already exists',
        'Folder created',
        'Not found',
        'Please enter the name',
        'Please watch the video',
        'Status is Active or Inactive',
        'You are enrolled',
        "Your payment's on its way",
      ].sort(),
    );
  });

  it('has no message of the server or the contract left out', () => {
    const listed = new Set(Object.keys(english));
    const missing: string[] = [];
    let count = 0;
    for (const path of sourcePaths) {
      const messages = messagesIn(readFileSync(`${repoRoot}${path}`, 'utf8'));
      count += messages.length;
      for (const message of messages)
        if (!listed.has(message) && !NOT_FOR_READERS.has(message)) missing.push(`${path}: ${message}`);
    }
    // The glob and the patterns still find the sources and their messages (no silent pass on an empty search).
    expect(sourcePaths.length).toBeGreaterThan(50);
    expect(count).toBeGreaterThan(250);
    expect(
      missing,
      'add each to en/server.json (English as key and value) and to the eight languages',
    ).toEqual([]);
  });
});
