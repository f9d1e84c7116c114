import { useTranslation } from 'react-i18next';
import './ui.css';

/** `label` '' hides the spinner from assistive technology (a busy button says so itself); none: "Loading". */
export const Spinner = ({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) => {
  const { t } = useTranslation('common');
  const name = label ?? t('shell.loading');
  return name ? (
    <span className={`spinner spinner--${size}`} role="status" aria-label={name}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  ) : (
    <span className={`spinner spinner--${size}`} aria-hidden="true">
      <span className="spinner__ring" />
    </span>
  );
};

/** A centred spinner for a page or a panel that is loading. */
export const LoadingBlock = ({ label }: { label?: string }) => (
  <div className="loading-block">
    <Spinner size="lg" label={label} />
  </div>
);
