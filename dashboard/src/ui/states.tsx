import type { ReactNode } from 'react';
import { serverText } from '../i18n/server-text.ts';
import { T } from './t.tsx';
import './ui.css';

export const EmptyState = ({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** 1 when the state is the whole page (unauthorized, 404), so the page still has its one h1. */
  headingLevel?: 1 | 2;
}) => (
  <div className="state">
    <div className="state__icon" aria-hidden="true">
      {icon ?? (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <rect x="3" y="4" width="18" height="16" rx="3" />
          <path d="M3 9h18M8 14h8" strokeLinecap="round" />
        </svg>
      )}
    </div>
    {headingLevel === 1 ? (
      <h1 className="state__title">{title}</h1>
    ) : (
      <h2 className="state__title">{title}</h2>
    )}
    {description ? <p className="state__description">{description}</p> : null}
    {action ? <div className="state__action">{action}</div> : null}
  </div>
);

export const ErrorState = ({
  title,
  description,
  action,
}: {
  title?: string | undefined;
  description?: ReactNode;
  action?: ReactNode;
}) => (
  <div className="state state--error" role="alert">
    <div className="state__icon" aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
      </svg>
    </div>
    <h2 className="state__title">{title ?? <T k="ui.somethingWrong" />}</h2>
    {/* A load's failure is often the server's sentence ("Group not found"): said in the reader's language. */}
    {description ? (
      <p className="state__description">
        {typeof description === 'string' ? serverText(description) : description}
      </p>
    ) : null}
    {action ? <div className="state__action">{action}</div> : null}
  </div>
);

/**
 * A message above a form: the server's answer to a submit (error), or a note (info, success); a sentence of the
 * server's in the reader's language, one already translated as it is.
 */
export const FormAlert = ({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'success' | 'info';
}) =>
  message ? (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {serverText(message)}
    </div>
  ) : null;
