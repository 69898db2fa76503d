import type { CardView, Layout } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/preview (errors are shown by the dialog, which then closes). */
export const previewCard = (cardId: string, layout: Layout = 'same') =>
  ospHttp.post<CardView>('/cardcolumnconfig/preview', { cardId, layout }, { silent: true });
