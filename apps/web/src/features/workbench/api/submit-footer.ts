import type { FooterInfo } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexfooterinfo/submit. */
export const submitFooter = (footer: FooterInfo) => ospHttp.post<FooterInfo>('/indexfooterinfo/submit', footer);
