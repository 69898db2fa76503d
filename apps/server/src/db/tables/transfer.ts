/**
 * Tables of the transfer capability. Add table interfaces as members of TransferTables
 * (e.g. `services: ServiceTable;`) and export their Row types here; db/database.ts extends it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TransferTables {}
