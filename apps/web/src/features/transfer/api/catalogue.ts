import type { CataloguePage } from '@portal/contracts/transfer';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** The service catalogue's data page (serviceHallConfig): a page of the tenant's services for an administrator. */
export const getCataloguePage = (body: {
  current: number;
  size: number;
  serviceName?: string | null;
  deptId?: string | null;
}) => workbenchHttp.post<CataloguePage>('/transfer/catalogue/services', body);
