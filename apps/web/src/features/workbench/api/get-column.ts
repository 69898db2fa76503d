import type { CardColumn } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/detail: one column as it is now, with its version (ADR 0075). */
export const getColumn = (id: string) => ospHttp.post<CardColumn>('/cardcolumnconfig/detail', { id });
