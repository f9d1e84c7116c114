import { useId } from 'react';
import type { Messages } from '../i18n/messages.ts';

/**
 * What stands in for the contact form until its script (the phone input with every country's flag) arrives:
 * the same fields and button at the same size, disabled so that nothing is typed into what is about to be
 * replaced, and so that nothing moves when the form takes its place. Not aria-busy: below the fold it waits for the
 * visitor to scroll, which may be never, and a page that says it is busy forever is not ready for anyone.
 */
export const ContactFormPlaceholder = ({ strings: s }: { strings: Messages['contact'] }) => {
  const id = useId();
  return (
    <form className="contact-form" noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{s.name}</label>
        <input id={`${id}-name`} disabled />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{s.email}</label>
        <input id={`${id}-email`} type="email" disabled />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{s.mobile}</label>
        <input id={`${id}-phone`} type="tel" className="phone-placeholder" disabled />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>{s.message}</label>
        <textarea id={`${id}-message`} rows={4} disabled />
      </div>
      <button className="button button--primary" type="submit" disabled>
        {s.send}
      </button>
    </form>
  );
};
