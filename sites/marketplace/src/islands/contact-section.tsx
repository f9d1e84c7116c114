import type { LanguageCode } from '@coach/shared/constants/languages';
import { type ComponentType, useEffect, useState } from 'react';
import type { Messages } from '../i18n/messages.ts';
import { ContactFormPlaceholder } from './contact-placeholder.tsx';

/** `programme`: on a partner landing page, its programme's name, carried into the enquiry. */
type Props = { lang: LanguageCode; strings: Messages['contact']; programme?: string };

/**
 * The home and landing pages' contact form. The page's HTML and scripts carry only a placeholder; the form and
 * its phone input (a flag per country) are fetched when this island hydrates, i.e. when it comes into view
 * (client:visible).
 */
export const ContactSection = (props: Props) => {
  const [Form, setForm] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    let live = true;
    void import('./contact-form.tsx').then(({ ContactForm }) => {
      if (live) setForm(() => ContactForm);
    });
    return () => {
      live = false;
    };
  }, []);
  return Form ? <Form {...props} /> : <ContactFormPlaceholder strings={props.strings} />;
};
