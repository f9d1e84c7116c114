import type { HTMLAttributes, ReactNode } from 'react';
import './ui.css';

export const PageHeader = ({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) => (
  <div className="page-header">
    <div className="page-header__text">
      <h1 className="page-header__title">{title}</h1>
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
