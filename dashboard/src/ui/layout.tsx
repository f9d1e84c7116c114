import { type HTMLAttributes, type ReactNode, useEffect } from 'react';
import './ui.css';

/** The product's name, after each page's own in the browser's tab ("Mis tareas · Coach"). */
const PRODUCT_NAME = 'Coach';

/**
 * The browser tab says which page this is, in the reader's language (WCAG 2.4.2): the page's title, then the
 * product's name. The page before's title comes back when this one goes.
 */
export const useDocumentTitle = (title: string | null | undefined) => {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = before;
    };
  }, [title]);
};

export const PageHeader = ({
  title,
  description,
  actions,
  authored = false,
  authoredDescription = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The title is text a person typed (a task's, a survey's): it runs in its own direction. */
  authored?: boolean;
  /**
   * So is the description (a survey's): an English one in an Arabic page read ".shares information. It takes a
   * minute", its full stop at the start of the line.
   */
  authoredDescription?: boolean;
}) => {
  useDocumentTitle(title);
  return (
    <div className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title" dir={authored ? 'auto' : undefined}>
          {title}
        </h1>
        {description ? (
          <p className="page-header__description" dir={authoredDescription ? 'auto' : undefined}>
            {description}
          </p>
        ) : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
};

export const Card = ({
  title,
  children,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { title?: string; children: ReactNode }) => (
  <section className={`card ${className ?? ''}`} {...rest}>
    {title ? <h2 className="card__title">{title}</h2> : null}
    {children}
  </section>
);
