import { useTranslation } from 'react-i18next';

/**
 * A translated text node for components written as one expression (`=> (`), where a hook has no place:
 * `<T k="ui.cancel" />`, `<T k="ui.pageOf" values={{ page, pages }} />`. Attributes need `useTranslation`.
 */
export const T = ({
  k,
  ns = 'common',
  values,
}: {
  k: string;
  ns?: string;
  values?: Record<string, unknown>;
}) => {
  const { t } = useTranslation(ns);
  return <>{t(k, values ?? {})}</>;
};
