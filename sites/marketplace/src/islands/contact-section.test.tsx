import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../i18n/messages.ts';
import { ContactModal } from './contact-modal.tsx';
import { ContactSection } from './contact-section.tsx';
import { ContactButton, EnrolButton } from './dialog-buttons.tsx';

const strings = messagesFor('en').contact;
const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('the contact form loads when it is needed', () => {
  it('server-renders a disabled stand-in with the form labels and no country flags', () => {
    const html = renderToString(createElement(ContactSection, { lang: 'en', strings }));
    for (const label of [strings.name, strings.email, strings.mobile, strings.message, strings.send])
      expect(html).toContain(label);
    expect(html).toContain('disabled');
    expect(html).not.toContain('data:image/svg+xml');
    expect(html).not.toContain('react-international-phone');
    expect(html.length).toBeLessThan(2_000);
  });

  it('server-renders the course enquiry as its button only', () => {
    const course = { courseId: 'c1', courseName: 'Speak Up', courseProviderName: 'Acme', courseImgUrl: null };
    const html = renderToString(createElement(ContactModal, { course, lang: 'en', strings }));
    expect(html).toContain(strings.enquire);
    expect(html).not.toContain('<form');
  });

  it('imports the form and its phone input only with import(), so neither is in the page scripts', () => {
    for (const file of ['./contact-section.tsx', './contact-modal.tsx', './contact-placeholder.tsx']) {
      const text = source(file);
      expect(text).not.toMatch(/from ['"]react-international-phone['"]/);
      expect(text).not.toMatch(/import \{[^}]*\} from ['"]\.\/contact-form\.tsx['"]/);
    }
    expect(source('./contact-section.tsx')).toContain("import('./contact-form.tsx')");
    expect(source('./contact-modal.tsx')).toContain("import('./contact-form.tsx')");
  });

  it("a course page's enrol and enquiry buttons load their dialogs (Radix, the forms) only with import()", () => {
    const course = { courseId: 'c1', courseName: 'Speak Up', courseProviderName: 'Acme', courseImgUrl: null };
    const enrol = messagesFor('en').enrol;
    const html = renderToString(
      createElement('div', null, [
        createElement(EnrolButton, {
          key: 'e',
          lang: 'en',
          strings: enrol,
          course: { courseId: 'c1', courseName: 'Speak Up', price: 'Free', free: true },
        }),
        createElement(ContactButton, { key: 'c', course, lang: 'en', strings }),
      ]),
    );
    expect(html).toContain(enrol.enrolFree);
    expect(html).toContain(strings.enquire);
    expect(html).toContain('aria-haspopup="dialog"');
    const text = source('./dialog-buttons.tsx');
    expect(text).not.toMatch(/from ['"]radix-ui['"]/);
    expect(text).not.toMatch(/import \{[^}]*\} from ['"]\.\/(enrol|contact-modal)\.tsx['"]/);
    expect(text).toContain("import('./enrol.tsx')");
    expect(text).toContain("import('./contact-modal.tsx')");
  });
});
