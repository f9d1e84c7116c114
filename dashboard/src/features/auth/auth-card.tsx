import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Audience } from '../../lib/session.ts';
import { LanguagePicker } from '../../widgets/language-picker.tsx';
import './auth.css';
import { useDocumentTitle } from '../../ui/layout.tsx';

/** An organisation shown in place of the platform's brand (the one an invitation comes from). */
export type AuthBrand = { name: string; logoUrl: string | null };

/**
 * The centred card every sign-in step uses, with the language picker above it. `tagline`: the words after the
 * brand ("for learners" for a buyer coming from the marketplace, "for organisations" on the page that creates one),
 * `null` or left out for none on a member's pages (they serve learners and owners alike: just "Coach"). `brand`: an organisation's name and logo instead of Coach's.
 */
export const AuthCard = ({
  audience,
  title,
  description,
  tagline,
  brand,
  children,
  footer,
}: {
  audience: Audience;
  title: string;
  description?: ReactNode;
  tagline?: string | null;
  brand?: AuthBrand | undefined;
  children: ReactNode;
  footer?: ReactNode;
}) => {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  // The platform's own staff are told where they are; a member's pages (a learner's as much as an owner's) say just
  // "Coach" unless the page says for whom.
  const audienceWords =
    tagline === undefined ? (audience === 'admin' ? t('brand.platformAdmin') : null) : tagline;
  return (
    <div className="auth">
      <main className="auth__main">
        <div className="language-picker__bar">
          <LanguagePicker />
        </div>
        {brand ? (
          <div className="auth__brand">
            {brand.logoUrl ? <img className="auth__company-logo" src={brand.logoUrl} alt="" /> : null}
            <bdi className="auth__wordmark">{brand.name}</bdi>
          </div>
        ) : (
          <div className="auth__brand">
            <span className="auth__logo" aria-hidden="true">
              C
            </span>
            <span className="auth__wordmark">
              Coach
              {audienceWords ? (
                <>
                  {' '}
                  <span className="auth__audience">{audienceWords}</span>
                </>
              ) : null}
            </span>
          </div>
        )}
        <section className="auth__card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth__title">
            {title}
          </h1>
          {description ? <p className="auth__description">{description}</p> : null}
          {children}
        </section>
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </main>
    </div>
  );
};

export { FormAlert } from '../../ui/states.tsx';
