import type { DutyService } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventory } from './inventory-call.ts';
import { threeListsKeys } from './query-keys.ts';

/** 7.6 threeInventory/queryService: the services tied to one duty. */
export const queryDutyServices = (dutyId: string) => inventory<DutyService[]>('queryService', { dutyId });
export const dutyServicesQueryOptions = (dutyId: string) =>
  queryOptions({ queryKey: threeListsKeys.dutyServices(dutyId), queryFn: () => queryDutyServices(dutyId) });
export const useDutyServices = (dutyId: string) => useQuery(dutyServicesQueryOptions(dutyId));
