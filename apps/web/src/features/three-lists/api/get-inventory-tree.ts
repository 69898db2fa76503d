import type { DeptNodeT } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inventory } from './inventory-call.ts';
import { threeListsKeys } from './query-keys.ts';

/** 7.6 threeInventory/getTree: the departments of the one list with their duty counts. */
export const getInventoryTree = () => inventory<DeptNodeT[]>('getTree', {});
export const inventoryTreeQueryOptions = () =>
  queryOptions({ queryKey: threeListsKeys.inventoryTree(), queryFn: getInventoryTree });
export const useInventoryTree = () => useQuery(inventoryTreeQueryOptions());
