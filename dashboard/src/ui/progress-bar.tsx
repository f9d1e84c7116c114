import { formatNumber } from '../i18n/format.ts';
import './progress-bar.css';

/** A labelled progress bar (0-100) with the figure beside it, in the language's digits and percent sign. */
export const ProgressBar = ({
  value,
  label,
  showValue = true,
  tone = 'accent',
}: {
  value: number;
  /** The accessible name, e.g. 'Progress of Greeting customers'. */
  label: string;
  showValue?: boolean;
  tone?: 'accent' | 'success';
}) => {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className={`progress__fill progress__fill--${tone}`} style={{ width: `${percent}%` }} />
      </div>
      {showValue ? (
        <span className="progress__value" aria-hidden="true">
          {formatNumber(percent / 100, { style: 'percent' })}
        </span>
      ) : null}
    </div>
  );
};
