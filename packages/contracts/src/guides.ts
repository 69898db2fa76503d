import './zod-setup.ts';
import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { hasControlCharacters, ServiceIdRequest } from './services.ts';

/**
 * Administrators write the guides of services (issue 16; 办事指南配置, /home/managementGuideConfig). Students read
 * them through guide/clientGuideInfo (7.5). Not calls of section 7: the portal's own, in the workbench group.
 */
export const GUIDE_MANAGE_PATHS = {
  detail: '/guide/manage/detail',
  save: '/guide/manage/save',
  remove: '/guide/manage/remove',
} as const;

/** The HTML of one guide, before cleaning (a long guide with tables of materials fits easily). */
export const GUIDE_HTML_MAX = 100_000;

/** [zh-CN, en-US]. */
export const GUIDE_TEXTS = {
  saved: ['办事指南已保存', 'Guide saved'],
  removed: ['办事指南已删除', 'Guide deleted'],
  empty: ['请输入办事指南内容', 'Write the guide first'],
  tooLong: [`办事指南不能超过${GUIDE_HTML_MAX}个字符`, `A guide holds at most ${GUIDE_HTML_MAX} characters`],
} as const satisfies Record<string, readonly [string, string]>;

export const GuideManageRequest = ServiceIdRequest;

export const GuideSaveRequest = ServiceIdRequest.extend({
  content: z
    .string({ error: GUIDE_TEXTS.empty[0] })
    .max(GUIDE_HTML_MAX, GUIDE_TEXTS.tooLong[0])
    .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters),
});
export type GuideSaveRequest = z.infer<typeof GuideSaveRequest>;

/** A service's guide as the editor shows it: empty content when it has none yet. */
export const GuideManageDetail = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type GuideManageDetail = z.infer<typeof GuideManageDetail>;
