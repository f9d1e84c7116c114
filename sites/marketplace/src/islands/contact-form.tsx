import { ApiError } from '@coach/shared/client';
import type { LanguageCode } from '@coach/shared/constants/languages';
import { CONTACT_FORM_MESSAGES } from '@coach/shared/constants/messages';
import { PHONE_DEFAULT_COUNTRY, PHONE_PREFERRED_COUNTRIES } from '@coach/shared/constants/phone';
import { marketplace, validateContactForm } from '@coach/shared/contract/marketplace';
import { type FormEvent, useId, useState } from 'react';
import { defaultCountries, PhoneInput, parseCountry } from 'react-international-phone';
import 'react-international-phone/style.css';
import type { Messages } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
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

type Strings = Messages['contact'];

/**
 * The form's checks and the server's thanks are the spec's English sentences (spec §5); another language shows
 * its own words for them. A server message it does not know (a 422's, a 429's wait) is shown as sent.
 */
const inLanguage = (lang: LanguageCode, s: Strings, message: string) => {
  if (lang === 'en') return message;
  const known: Record<string, string> = {
    [CONTACT_FORM_MESSAGES.name]: s.enterName,
    [CONTACT_FORM_MESSAGES.email]: s.enterEmail,
    [CONTACT_FORM_MESSAGES.mobileNo]: s.invalidMobile,
    [CONTACT_FORM_MESSAGES.message]: s.enterMessage,
    'Thank you! Your enquiry has been sent. The institution will contact you soon.': s.sent,
  };
  return known[message] ?? message;
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
 * contact-section.tsx and contact-modal.tsx): checks run in order with their toasts, the server's message on success (the
 * form is cleared), the server's message on a 422, the generic error otherwise. The same rules hold on the
 * server for a form posted around this one.
 */
export const ContactForm = ({
  course,
  onSent,
  lang,
  strings: s,
}: {
  course?: CourseContext;
  onSent?: () => void;
  lang: LanguageCode;
  strings: Strings;
}) => {
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [phone, setPhone] = useState({ shown: '', value: '' });
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = { ...fields, mobileNo: phone.value };
    const problem = validateContactForm(data);
    if (problem) {
      notify.error(inLanguage(lang, s, problem));
      return;
    }
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
        },
      };
      const { message } = await browserApi.callWithMessage(
        course ? marketplace.sendContactUsDetails : marketplace.contactFormHome,
        body,
      );
      notify.success(inLanguage(lang, s, message));
      setFields(EMPTY);
      setPhone({ shown: '', value: '' });
      onSent?.();
    } catch (error) {
      // spec §8: a 422 shows the server's message (so does a 429's wait), anything else the generic error.
      notify.error(
        error instanceof ApiError && (error.status === 422 || error.status === 429)
          ? inLanguage(lang, s, error.message.replace(/^[\w.]+: /, ''))
          : s.genericError,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{s.name}</label>
        <input id={`${id}-name`} autoComplete="name" value={fields.name} onChange={set('name')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{s.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{s.mobile}</label>
        <PhoneInput
          defaultCountry={PHONE_DEFAULT_COUNTRY}
          preferredCountries={[...PHONE_PREFERRED_COUNTRIES]}
          value={phone.shown}
          allowMaskOverflow
          disableFormatting
          forceDialCode
          flags={FLAGS}
          className="phone"
          inputProps={{ id: `${id}-phone`, autoComplete: 'tel' }}
          onChange={(shown, meta) =>
            setPhone({ shown, value: phoneValue(meta.country.dialCode, meta.inputValue) })
          }
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>{s.message}</label>
        <textarea id={`${id}-message`} rows={4} value={fields.message} onChange={set('message')} />
      </div>
      <button className="button button--primary" type="submit" disabled={sending}>
        {sending ? s.sending : s.send}
      </button>
    </form>
  );
};
