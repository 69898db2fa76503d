/**
 * Tables of the catalogue capability. Add table interfaces as members of CatalogueTables
 * (e.g. `services: ServiceTable;`) and export their Row types here; db/database.ts extends it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogueTables {}
