import { timeZoneLabel, timeZoneList } from '@coach/shared/constants/timezones';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './timezone-combobox.css';

/** "GMT+11" for a zone now (the offset changes with daylight saving; now is what a person compares with). */
const offsetOf = (zone: string) => {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
};

type Option = { value: string | null; label: string; detail: string; search: string };

let zoneOptions: Option[] | undefined;
const allZones = (): Option[] => {
  if (!zoneOptions) {
    zoneOptions = timeZoneList().map((zone) => {
      const offset = offsetOf(zone);
      // Found by the name its place goes by now and by the one the runtime lists ("Ho Chi Minh", "Saigon").
      const label = timeZoneLabel(zone);
      const search = `${label} ${zone.replace(/_/g, ' ')} ${zone} ${offset}`.toLowerCase();
      return { value: zone, label, detail: offset, search };
    });
  }
  return zoneOptions;
};

/**
 * The full timezone list of spec §9 (the browser's IANA list, UTC first) as a searchable combobox: a radix
 * popover with a search box that filters as you type (words in any order, "sydney", "gmt+5:30"), arrow keys to
 * move, Enter to choose, Escape to close. `noneLabel` names the empty choice (null): the fallback zone.
 */
export const TimezoneCombobox = ({
  label,
  value,
  onChange,
  noneLabel,
  hint,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (zone: string | null) => void;
  noneLabel: string;
  hint?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('common');
  const labelId = useId();
  const hintId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const options = useMemo(() => {
    const none: Option = { value: null, label: noneLabel, detail: '', search: noneLabel.toLowerCase() };
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const zones = open ? allZones() : [];
    const all = [none, ...zones];
    return words.length ? all.filter((option) => words.every((word) => option.search.includes(word))) : all;
  }, [query, open, noneLabel]);
  const chosen = value ? (allZones().find((option) => option.value === value) ?? null) : null;

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onChange(option.value);
    setOpen(false);
    setQuery('');
  };
  const optionId = (index: number) => `${listId}-${index}`;
  const move = (to: number) => {
    const next = Math.max(0, Math.min(options.length - 1, to));
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'PageDown') move(active + 10);
    else if (event.key === 'PageUp') move(active - 10);
    else if (event.key === 'Enter') choose(options[active]);
    else return;
    event.preventDefault();
  };

  return (
    <div className="field timezone-combobox">
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setQuery('');
          setActive(0);
        }}
      >
        <Popover.Trigger
          className="timezone-combobox__trigger"
          aria-labelledby={`${labelId} ${labelId}-value`}
          aria-describedby={hint ? hintId : undefined}
          disabled={disabled}
        >
          <span id={`${labelId}-value`}>
            {chosen ? (
              <>
                {chosen.label} <span className="timezone-combobox__detail">{chosen.detail}</span>
              </>
            ) : (
              <span className="timezone-combobox__none">{noneLabel}</span>
            )}
          </span>
          <span aria-hidden="true" className="timezone-combobox__chevron">
            ▾
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="timezone-combobox__content"
            align="start"
            sideOffset={6}
            aria-label={t('ui.timezone.choose', { what: label.toLowerCase() })}
          >
            <div className="field__control">
              <input
                type="search"
                role="combobox"
                aria-label={t('ui.timezone.search')}
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={options[active] ? optionId(active) : undefined}
                className="field__input"
                placeholder={t('ui.timezone.placeholder')}
                autoComplete="off"
                maxLength={64}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
              />
            </div>
            <div
              className="timezone-combobox__list"
              role="listbox"
              id={listId}
              aria-label={t('ui.timezone.list')}
            >
              {options.map((option, index) => (
                // Options are chosen with the pointer here and with the keyboard through the search box.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
                <div
                  key={option.value ?? 'none'}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={option.value === value}
                  className={`timezone-combobox__option ${index === active ? 'timezone-combobox__option--active' : ''}`}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  <span>{option.label}</span>
                  <span className="timezone-combobox__detail">{option.detail}</span>
                </div>
              ))}
            </div>
            {options.length === 0 ? (
              <p className="timezone-combobox__status" role="status">
                {t('ui.timezone.noMatch', { query: query.trim() })}
              </p>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
};
