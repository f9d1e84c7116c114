import type { LanguageCode } from '@coach/shared/constants/languages';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { Icon } from '../components/icon.tsx';
import type { Messages } from '../i18n/messages.ts';
import type { CourseContext } from './contact-form.tsx';
import { ContactFormPlaceholder } from './contact-placeholder.tsx';

type Strings = Messages['contact'];

// The form and its phone input load when the dialog opens (or the pointer or focus reaches its button).
const loadForm = () => import('./contact-form.tsx');
const ContactForm = lazy(() => loadForm().then(({ ContactForm }) => ({ default: ContactForm })));

/** The course page's enquiry: a modal with the course image, name and provider above the form. */
export type ContactModalProps = { course: CourseContext; lang: LanguageCode; strings: Strings };

/** `initiallyOpen`: mounted by dialog-buttons.tsx when its button is pressed, so it opens at once. */
export const ContactModal = ({
  course,
  lang,
  strings: s,
  initiallyOpen = false,
}: ContactModalProps & { initiallyOpen?: boolean }) => {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="button button--secondary button--block"
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
        >
          {s.enquire}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="modal" aria-describedby={undefined}>
          <div className="modal__course">
            {course.courseImgUrl ? <img src={course.courseImgUrl} alt="" width={120} height={68} /> : null}
            <div>
              <Dialog.Title className="modal__title">{course.courseName}</Dialog.Title>
              <p className="modal__provider">{course.courseProviderName}</p>
            </div>
          </div>
          <Suspense fallback={<ContactFormPlaceholder strings={s} />}>
            <ContactForm course={course} onSent={() => setOpen(false)} lang={lang} strings={s} />
          </Suspense>
          <Dialog.Close className="modal__close" aria-label={s.close}>
            <Icon name="close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
