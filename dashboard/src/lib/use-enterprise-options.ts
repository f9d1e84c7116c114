import { adminGeneral } from '@coach/shared/contract/admin';
import { useEffect } from 'react';
import { i18n } from '../i18n/index.ts';
import { serverText } from '../i18n/server-text.ts';
import { api } from './api.ts';
import { notify } from './notify.ts';
import { useLoad } from './use-load.ts';

export type EnterpriseOption = { _id: string; company_name: string };

/** Pages asked at once after the first: the list answers ten a page (ENTERPRISE_PAGE_SIZE), A to Z. */
const PAGES_AT_ONCE = 4;

const pageOf = (currentPage: number) => api.call(adminGeneral.getEnterpriseList, { currentPage });

/** Every enterprise by name: page 1 says how many pages there are, the rest follow a few at a time. */
const loadAllEnterprises = async (): Promise<EnterpriseOption[]> => {
  const first = await pageOf(1);
  const pages = [first];
  for (let start = 2; start <= first.totalPages; start += PAGES_AT_ONCE) {
    const numbers = Array.from(
      { length: Math.min(PAGES_AT_ONCE, first.totalPages - start + 1) },
      (_, i) => start + i,
    );
    pages.push(...(await Promise.all(numbers.map(pageOf))));
  }
  // An enterprise created while the pages load shifts the rows after it, so one may come twice.
  const byId = new Map<string, EnterpriseOption>();
  for (const { _id, company_name } of pages.flatMap((page) => page.listdata))
    byId.set(_id, { _id, company_name });
  return [...byId.values()].sort((a, b) => a.company_name.localeCompare(b.company_name));
};

/**
 * The enterprises for an admin screen's filter, by name, all of them. While loading, or after a failure (a
 * toast tells, `error` keeps it for the filter, `reload` asks again), the filter offers "All enterprises" only
 * and the screen still works.
 */
export const useEnterpriseOptions = () => {
  const { state, reload } = useLoad([adminGeneral.getEnterpriseList.path, 'all'], loadAllEnterprises);
  const error = state.status === 'error' ? state.message : null;
  useEffect(() => {
    if (error) notify.error(`${i18n.t('common:ui.enterprise.notLoaded')} ${serverText(error)}`);
  }, [error]);
  return {
    options: state.status === 'ready' ? state.data : [],
    loading: state.status === 'loading',
    error,
    reload,
  };
};
