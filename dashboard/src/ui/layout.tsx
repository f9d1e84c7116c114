import type { HTMLAttributes, ReactNode } from 'react';
import './ui.css';

export const PageHeader = ({
  title,
  description,
  actions,
  authored = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The title is text a person typed (a task's, a survey's): it runs in its own direction. */
  authored?: boolean;
}) => (
  <div className="page-header">
    <div className="page-header__text">
      <h1 className="page-header__title" dir={authored ? 'auto' : undefined}>
        {title}
      </h1>
      {description ? <p className="page-header__description">{description}</p> : null}
    </div>
    {actions ? <div className="page-header__actions">{actions}</div> : null}
  </div>
);

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
