import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';

/** The API reference (every call, and which a key may make), opened in a new tab: its name says so. */
export const ApiReferenceLink = ({ className }: { className?: string }) => {
  const { t } = useTranslation('api-keys');
  return (
    <a href={paths.apiReference} target="_blank" rel="noopener" className={className}>
      {t('reference.link')} <span className="visually-hidden">{t('reference.newTab')}</span>
    </a>
  );
};
