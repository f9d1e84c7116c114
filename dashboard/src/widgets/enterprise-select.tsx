import { useTranslation } from 'react-i18next';
import { useEnterpriseOptions } from '../lib/use-enterprise-options.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/text-field.tsx';

/**
 * The admin screens' enterprise filter: "All enterprises" and every enterprise by name. If the list cannot be
 * loaded it says so under the field with Try again, and "All enterprises" still works.
 */
export const EnterpriseSelect = ({
  value,
  onChange,
}: {
  value: string;
  onChange: (enterpriseId: string) => void;
}) => {
  const { t } = useTranslation('common');
  const { options, loading, error, reload } = useEnterpriseOptions();
  return (
    <SelectField
      label={t('ui.enterprise.label')}
      value={value}
      aria-busy={loading}
      onChange={(event) => onChange(event.target.value)}
      hint={
        error ? (
          <span className="enterprise-select__error">
            {t('ui.enterprise.notLoaded')}
            <Button variant="secondary" size="sm" onClick={reload}>
              {t('ui.tryAgain')}
            </Button>
          </span>
        ) : undefined
      }
    >
      <option value="">{t('ui.enterprise.all')}</option>
      {options.map((e) => (
        <option key={e._id} value={e._id}>
          {e.company_name}
        </option>
      ))}
    </SelectField>
  );
};
