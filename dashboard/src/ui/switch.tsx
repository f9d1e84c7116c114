import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';
import './switch.css';

/**
 * An on/off switch with its label (radix: role="switch", Space and Enter flip it). The label names it; the
 * hint (for example why it is disabled) describes it without becoming part of the name. `busy` holds it still
 * while a change saves: aria-disabled rather than disabled, so the switch just pressed keeps keyboard focus.
 */
export const SwitchField = ({
  label,
  checked,
  onChange,
  disabled,
  busy = false,
  saving = false,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
  /** This switch's own change is saving (shows a spinner). */
  saving?: boolean;
  hint?: string | undefined;
}) => {
  const { t } = useTranslation('common');
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={`switch-field ${disabled ? 'switch-field--disabled' : ''}`}>
      <span className="switch-field__text">
        <label className="switch-field__label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <span id={hintId} className="switch-field__hint">
            {hint}
          </span>
        ) : null}
      </span>
      <span className="switch-field__control">
        {saving ? <Spinner size="sm" label={t('ui.saving', { label })} /> : null}
        <RadixSwitch.Root
          id={id}
          className="switch"
          checked={checked}
          disabled={disabled}
          aria-disabled={busy || undefined}
          onCheckedChange={(on) => {
            if (!busy) onChange(on);
          }}
          aria-describedby={hint ? hintId : undefined}
        >
          <RadixSwitch.Thumb className="switch__thumb" />
        </RadixSwitch.Root>
      </span>
    </div>
  );
};
