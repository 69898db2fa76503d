/**
 * Tables of the workbench capability. Add table interfaces as members of WorkbenchTables
 * (e.g. `services: ServiceTable;`) and export their Row types here; db/database.ts extends it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorkbenchTables {}
