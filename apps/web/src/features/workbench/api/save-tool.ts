import type { ToolItem } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST commonTool/save. */
export const saveTool = (tool: {
  id?: string;
  tools_name: string;
  tools_url: string;
  tools_type: string;
  tools_icon?: string;
  /** The version the tool was read at (ADR 0075). */
  version?: string;
}) => ospHttp.post<ToolItem>('/commonTool/save', tool);
