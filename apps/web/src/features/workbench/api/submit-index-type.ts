import type { Layout } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { CHANGED_MEANWHILE_SHOWN } from './changed-meanwhile.ts';

/** POST indextypeconfig/submit: create or rename an index type (a home page tab) and its layout. */
export const submitIndexType = (body: {
  id?: string;
  typeName: string;
  /** ADR 0074: the tab's name in English ('' none; absent keeps an edited tab's). */
  typeNameEn?: string;
  layout: Layout;
  sort?: number;
  /** The version the tab was read at (ADR 0075). */
  version?: string;
}) => ospHttp.post<{ id: string }>('/indextypeconfig/submit', body, CHANGED_MEANWHILE_SHOWN);
