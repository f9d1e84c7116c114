import type { PermissionKey } from '@coach/shared/permissions';
import type { ReactNode } from 'react';
import { Checkbox } from './table.tsx';
import './permission-checkboxes.css';

/**
 * Spec §6's permission keys as a group of checkboxes (a role's sections, an API key's reach): `offered` in their
 * order, `chosen` ticked. `locked` shows every key ticked and unchangeable (the default admin's role), `note`
 * says why; `error` is the group's message.
 */
export const PermissionCheckboxes = ({
  legend,
  offered,
  chosen,
  onChange,
  labelOf,
  locked = false,
  note,
  error,
}: {
  legend: string;
  offered: readonly PermissionKey[];
  chosen: readonly PermissionKey[];
  onChange: (next: PermissionKey[]) => void;
  labelOf: (key: PermissionKey) => string;
  locked?: boolean;
  note?: ReactNode;
  error?: string | undefined;
}) => (
  <fieldset className="permission-checkboxes">
    <legend>{legend}</legend>
    {note ? <p className="permission-checkboxes__note">{note}</p> : null}
    <div className="permission-checkboxes__grid">
      {offered.map((key) => (
        <Checkbox
          key={key}
          label={labelOf(key)}
          checked={locked || chosen.includes(key)}
          disabled={locked}
          onChange={(on) => onChange(on ? [...chosen, key] : chosen.filter((k) => k !== key))}
        />
      ))}
    </div>
    {error ? <p className="field__error">{error}</p> : null}
  </fieldset>
);
