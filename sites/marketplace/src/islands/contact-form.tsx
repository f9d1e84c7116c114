import { ApiError } from '@coach/shared/client';
import type { LanguageCode } from '@coach/shared/constants/languages';
import { CONTACT_FORM_MESSAGES } from '@coach/shared/constants/messages';
import { PHONE_DEFAULT_COUNTRY, PHONE_PREFERRED_COUNTRIES } from '@coach/shared/constants/phone';
import {
  contactFormErrors,
  EMAIL_TOO_LONG_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MARKETPLACE_EMAIL_MAX,
  MARKETPLACE_MESSAGE_MAX,
  MARKETPLACE_NAME_MAX,
  MESSAGE_TOO_LONG_MESSAGE,
  marketplace,
  NAME_TOO_LONG_MESSAGE,
} from '@coach/shared/contract/marketplace';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type CountryData,
  type CountrySelectorProps,
  defaultCountries,
  PhoneInput,
  type PhoneInputProps,
  type PhoneInputRefType,
  parseCountry,
} from 'react-international-phone';
import 'react-international-phone/style.css';
import { fill, intlTag } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { FieldError, fieldProps } from './field-error.tsx';
import { insertsText, pastedPhone } from './pasted-phone.ts';
import { serverMessage } from './server-message.ts';
import { notify } from './toasts.ts';

export type CourseContext = {
  courseId: string;
  courseName: string;
  courseProviderName: string;
  courseImgUrl: string | null;
};

/** Dial code plus the national number with its leading zeros stripped (spec §5): '+61' '0412…' → '+61412…'. */
export const phoneValue = (dialCode: string, inputValue: string) => {
  const digits = inputValue.replace(/\D/g, '');
  const national = (digits.startsWith(dialCode) ? digits.slice(dialCode.length) : digits).replace(/^0+/, '');
  return national ? `+${dialCode}${national}` : '';
};

const EMPTY = { name: '', email: '', message: '' };
const FIELDS = ['name', 'email', 'mobileNo', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** The input events this form replays as pastes (see keepWholeNumbers), so it does not handle them twice. */
const replayed = new WeakSet<Event>();

/**
 * Keeps a number put into the phone field at once (a paste, autofill, Playwright's fill): the phone input would keep
 * only its dial code. It runs on the input itself, before React's handler on the root, and hands the phone input
 * the full number as a paste, which it takes whatever the country (and then shows that country). Keys typed one at
 * a time stay the phone input's.
 */
const keepWholeNumbers = (input: NonNullable<PhoneInputRefType>) => {
  const onInput = (event: Event) => {
    if (replayed.has(event) || !insertsText(event)) return;
    const full = pastedPhone(input.value, input.state.country.dialCode);
    if (!full) return;
    event.stopImmediatePropagation();
    // The prototype's setter: React's own would note the value as known, and then not report the change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, full);
    const paste = new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: full });
    replayed.add(paste);
    input.dispatchEvent(paste);
  };
  input.addEventListener('input', onInput);
  return () => input.removeEventListener('input', onInput);
};

/** The country's name in the page's language ('Australia', 'أستراليا'), for the phone's hint. */
const countryName = (lang: LanguageCode, iso2: string) => {
  try {
    return new Intl.DisplayNames([intlTag(lang)], { type: 'region' }).of(iso2.toUpperCase()) ?? iso2;
  } catch {
    return iso2.toUpperCase();
  }
};

type Strings = Messages['contact'];

const countryLists = new Map<LanguageCode, CountryData[]>();
/**
 * The phone's countries named in the page's language and in its alphabetical order ("Alemania" before "Australia"
 * in Spanish; the library's names are English), so typing a name's first letters in the list finds it too.
 */
const countriesIn = (lang: LanguageCode): CountryData[] => {
  const known = countryLists.get(lang);
  if (known) return known;
  const collator = new Intl.Collator(intlTag(lang));
  const list = defaultCountries
    .map((country): CountryData => {
      const [, iso2, ...rest] = country;
      return [countryName(lang, iso2), iso2, ...rest] as CountryData;
    })
    .sort((a, b) => collator.compare(a[0], b[0]));
  countryLists.set(lang, list);
  return list;
};

/**
 * The form's checks and the server's thanks are the spec's English sentences (spec §5); another language shows
 * its own words for them. A server message it does not know (a 429's wait) is shown as sent, without a 422's
 * "field: " prefix.
 */
const inLanguage = (lang: LanguageCode, s: Strings, message: string) => {
  if (lang === 'en') return message.replace(/^[\w.]+: /, '');
  return serverMessage(message, {
    [CONTACT_FORM_MESSAGES.name]: s.enterName,
    [CONTACT_FORM_MESSAGES.email]: s.enterEmail,
    [CONTACT_FORM_MESSAGES.mobileNo]: s.invalidMobile,
    [CONTACT_FORM_MESSAGES.message]: s.enterMessage,
    [INVALID_EMAIL_MESSAGE]: s.invalidEmail,
    [NAME_TOO_LONG_MESSAGE]: s.nameTooLong,
    [EMAIL_TOO_LONG_MESSAGE]: s.emailTooLong,
    [MESSAGE_TOO_LONG_MESSAGE]: s.messageTooLong,
    'Thank you! Your enquiry has been sent. The institution will contact you soon.': s.sent,
    'Thank you! Your enquiry has been sent. Our team will contact you soon.': s.sentSupport,
    'Thank you! Your enquiry has been sent. The programme team will contact you soon.': s.sentProgramme,
  });
};

/**
 * Flags drawn from the emoji regional indicators in a tiny inline SVG: no image is fetched from a CDN (the
 * library's default), so the form works offline and sends no visitor data elsewhere.
 */
const FLAGS = defaultCountries.map((country) => {
  const { iso2 } = parseCountry(country);
  const emoji = [...iso2.toUpperCase()]
    .map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text x="12" y="19" font-size="18" text-anchor="middle">${emoji}</text></svg>`;
  return { iso2, src: `data:image/svg+xml,${encodeURIComponent(svg)}` };
});

/**
 * The contact form of spec §5 (loaded with its phone input only when it comes into view or its dialog opens: see
 * contact-section.tsx and contact-modal.tsx): the spec's checks, each failing one's sentence shown beside its field
 * and the first such field focused (not a corner toast); the phone must be a real number of the
 * chosen country. The server's message on success (the form is cleared); a 422 beside the field it names; the
 * generic error otherwise. The same rules hold on the server for a form posted around this one.
 */
export const ContactForm = ({
  course,
  programme,
  onSent,
  lang,
  strings: s,
}: {
  course?: CourseContext;
  /** A partner landing page's programme (its name): support's mail names it, its team answers. */
  programme?: string | undefined;
  onSent?: () => void;
  lang: LanguageCode;
  strings: Strings;
}) => {
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [phone, setPhone] = useState({ shown: '', value: '', country: PHONE_DEFAULT_COUNTRY as string });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  /** The toast this form showed last: a new attempt takes it away, as its news is old. */
  const toasted = useRef<{ kind: 'success' | 'error'; message: string } | null>(null);
  const toast = (kind: 'success' | 'error', message: string) => {
    toasted.current = { kind, message };
    notify[kind](message);
  };
  const form = useRef<HTMLFormElement>(null);
  const phoneInput = useRef<PhoneInputRefType>(null);
  useEffect(() => (phoneInput.current ? keepWholeNumbers(phoneInput.current) : undefined), []);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: event.target.value }));
    // A corrected field loses its message at once; the others keep theirs until the next send.
    if (errors[key]) setErrors(({ [key]: _fixed, ...rest }) => rest);
  };
  const fieldId = (field: Field) => `${id}-${field}`;
  /** Shows the messages and moves the focus to the first field with one, as a screen reader user expects. */
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first)
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus(),
      );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (toasted.current) notify.dismiss(toasted.current.kind, toasted.current.message);
    toasted.current = null;
    const data = { ...fields, mobileNo: phone.value };
    const problems = contactFormErrors(data);
    if (Object.keys(problems).length > 0) {
      showErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, message]) => [field, inLanguage(lang, s, message)]),
        ),
      );
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const body = {
        data: {
          ...data,
          ...(course
            ? {
                courseId: course.courseId,
                courseName: course.courseName,
                courseProviderName: course.courseProviderName,
              }
            : {}),
          ...(programme ? { programme } : {}),
        },
      };
      const { message } = await browserApi.callWithMessage(
        course ? marketplace.sendContactUsDetails : marketplace.contactFormHome,
        body,
      );
      toast('success', inLanguage(lang, s, message));
      setFields(EMPTY);
      setPhone((p) => ({ ...p, shown: '', value: '' }));
      onSent?.();
    } catch (error) {
      // A 422 naming a field of the form goes beside it; spec §8 otherwise: a 422's or a 429's message (its
      // wait) as sent, anything else the generic error.
      const field = error instanceof ApiError ? error.field?.replace(/^data\./, '') : undefined;
      const message = error instanceof ApiError ? inLanguage(lang, s, error.message) : '';
      if (error instanceof ApiError && error.status === 422 && FIELDS.includes(field as Field))
        showErrors({ [field as Field]: message });
      else
        toast(
          'error',
          error instanceof ApiError && (error.status === 422 || error.status === 429)
            ? message
            : s.genericError,
        );
    } finally {
      setSending(false);
    }
  };

  const errorProps = (field: Field) => fieldProps(fieldId(field), errors[field]);

  return (
    <form className="contact-form" onSubmit={submit} noValidate ref={form}>
      <div className="field">
        <label htmlFor={fieldId('name')}>{s.name}</label>
        <input
          id={fieldId('name')}
          autoComplete="name"
          maxLength={MARKETPLACE_NAME_MAX}
          value={fields.name}
          onChange={set('name')}
          {...errorProps('name')}
        />
        <FieldError id={fieldId('name')} message={errors.name} />
      </div>
      <div className="field">
        <label htmlFor={fieldId('email')}>{s.email}</label>
        <input
          id={fieldId('email')}
          type="email"
          autoComplete="email"
          maxLength={MARKETPLACE_EMAIL_MAX}
          value={fields.email}
          onChange={set('email')}
          {...errorProps('email')}
        />
        <FieldError id={fieldId('email')} message={errors.email} />
      </div>
      <div className="field">
        <label htmlFor={fieldId('mobileNo')}>{s.mobile}</label>
        <PhoneInput
          countries={countriesIn(lang)}
          defaultCountry={PHONE_DEFAULT_COUNTRY}
          preferredCountries={[...PHONE_PREFERRED_COUNTRIES]}
          value={phone.shown}
          allowMaskOverflow
          disableFormatting
          forceDialCode
          flags={FLAGS}
          // The country button named in the page's language (the library calls it "Country selector"): PhoneInput
          // hands these props on to its CountrySelector, whose renderButtonWrapper draws the button.
          countrySelectorStyleProps={
            {
              renderButtonWrapper: ({ children, rootProps }) => (
                <button
                  {...rootProps}
                  type="button"
                  className="react-international-phone-country-selector-button"
                  aria-label={fill(s.countryCode, { country: countryName(lang, phone.country) })}
                >
                  {children}
                </button>
              ),
            } satisfies Pick<
              CountrySelectorProps,
              'renderButtonWrapper'
            > as PhoneInputProps['countrySelectorStyleProps']
          }
          ref={phoneInput}
          className={errors.mobileNo ? 'phone phone--invalid' : 'phone'}
          inputProps={{ id: fieldId('mobileNo'), autoComplete: 'tel', ...errorProps('mobileNo') }}
          onChange={(shown, meta) => {
            setPhone({
              shown,
              value: phoneValue(meta.country.dialCode, meta.inputValue),
              country: meta.country.iso2,
            });
            if (errors.mobileNo && shown !== phone.shown) setErrors(({ mobileNo: _fixed, ...rest }) => rest);
          }}
        />
        <FieldError
          id={fieldId('mobileNo')}
          message={errors.mobileNo}
          // An empty field asks for a number; a number that is not whole says which country it is checked for.
          hint={fill(phone.value ? s.mobileHint : s.mobileEmptyHint, {
            country: countryName(lang, phone.country),
          })}
        />
      </div>
      <div className="field">
        <label htmlFor={fieldId('message')}>{s.message}</label>
        <textarea
          id={fieldId('message')}
          rows={4}
          maxLength={MARKETPLACE_MESSAGE_MAX}
          value={fields.message}
          onChange={set('message')}
          {...errorProps('message')}
        />
        <FieldError id={fieldId('message')} message={errors.message} />
      </div>
      <button className="button button--primary" type="submit" disabled={sending}>
        {sending ? s.sending : s.send}
      </button>
    </form>
  );
};
