import { z } from 'zod';

/**
 * Shapes of raw input every engine can store. Both SQLite and PostgreSQL keep this project's integer columns
 * as 32-bit on PostgreSQL (`integer`), so a request integer past 2^31 - 1 is refused by its schema instead of
 * failing in a query on one engine only.
 */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** An integer a 32-bit column holds. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);
