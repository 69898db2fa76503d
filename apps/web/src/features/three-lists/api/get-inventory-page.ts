import type { Duty } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventory } from './inventory-call.ts';
import { threeListsKeys, type Page } from './query-keys.ts';

export type InventoryQuery = { current: number; size: number; deptId?: string | null; keyword?: string | null };

/** 7.6 threeInventory/page: a page of duties, of one department or matching a keyword. */
export const getInventoryPage = (q: InventoryQuery) => inventory<Page<Duty>>('page', q);
export const inventoryPageQueryOptions = (q: InventoryQuery) =>
  queryOptions({ queryKey: threeListsKeys.inventoryPage(q), queryFn: () => getInventoryPage(q) });
export const useInventoryPage = (q: InventoryQuery) => useQuery(inventoryPageQueryOptions(q));
