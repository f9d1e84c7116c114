import './ui.css';

export const Spinner = ({ size = 'md', label = 'Loading' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) =>
  label ? (
    <span className={`spinner spinner--${size}`} role="status" aria-label={label}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  ) : (
    <span className={`spinner spinner--${size}`} aria-hidden="true">
      <span className="spinner__ring" />
    </span>
  );

/** A centred spinner for a page or a panel that is loading. */
export const LoadingBlock = ({ label = 'Loading' }: { label?: string }) => (
  <div className="loading-block">
    <Spinner size="lg" label={label} />
  </div>
);
