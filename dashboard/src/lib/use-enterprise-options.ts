import { adminGeneral } from '@coach/shared/contract/admin';
import { useEffect, useState } from 'react';
import { api } from './api.ts';

export type EnterpriseOption = { _id: string; company_name: string };

/** How many pages of enterprises a filter loads (25 a page): enough for the platform's customers. */
const MAX_PAGES = 20;

/**
 * The enterprises for an admin screen's filter, by name. Without the list the filter offers "All
 * enterprises" only (the screens still work).
 */
export const useEnterpriseOptions = () => {
  const [options, setOptions] = useState<EnterpriseOption[]>([]);
  useEffect(() => {
    let live = true;
    const load = async () => {
      const found: EnterpriseOption[] = [];
      for (let currentPage = 1; currentPage <= MAX_PAGES; currentPage += 1) {
        const page = await api.call(adminGeneral.getEnterpriseList, { currentPage });
        found.push(...page.listdata.map(({ _id, company_name }) => ({ _id, company_name })));
        if (currentPage >= page.totalPages) break;
      }
      if (live) setOptions(found.sort((a, b) => a.company_name.localeCompare(b.company_name)));
    };
    load().catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return options;
};
