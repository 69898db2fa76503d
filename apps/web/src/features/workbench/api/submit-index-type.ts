import type { Layout } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/submit: create or rename an index type (a home page tab) and its layout. */
export const submitIndexType = (body: {
  id?: string;
  typeName: string;
  layout: Layout;
  sort?: number;
  /** The version the tab was read at (ADR 0075). */
  version?: string;
}) => ospHttp.post<{ id: string }>('/indextypeconfig/submit', body);
