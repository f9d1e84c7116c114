import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout.tsx';
import { EmptyState } from '../../ui/states.tsx';

/** A screen whose feature ships in a later release: its title and an honest note of what will be here. */
export const ComingLaterPage = ({
  title,
  summary,
  note,
}: {
  title: string;
  summary: string;
  note: string;
}) => {
  const { t } = useTranslation('coming-later');
  return (
    <>
      <PageHeader title={title} description={summary} />
      <EmptyState title={t('notAvailable')} description={note} />
    </>
  );
};
