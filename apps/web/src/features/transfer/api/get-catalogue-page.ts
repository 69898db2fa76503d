import type { CataloguePage } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { transferKeys } from './query-keys.ts';

export type CatalogueQuery = { current: number; size: number; serviceName?: string | null; deptId?: string | null };

/** The service catalogue's data page (serviceHallConfig): a page of the tenant's services for an administrator. */
export const getCataloguePage = (body: CatalogueQuery) =>
  workbenchHttp.post<CataloguePage>('/transfer/catalogue/services', body);
export const cataloguePageQueryOptions = (q: CatalogueQuery) =>
  queryOptions({ queryKey: transferKeys.cataloguePage(q), queryFn: () => getCataloguePage(q) });
export const useCataloguePage = (q: CatalogueQuery) => useQuery(cataloguePageQueryOptions(q));
