import './zod-setup.ts';
import { z } from 'zod';
import { TenantId } from './envelope.ts';
import { MESSAGES } from './errors.ts';
import { hasControlCharacters } from './services.ts';

/**
 * Campus news and announcements written by administrators (issue 16): the 校园新闻 and 重要公告 cards read them
 * (wb_news). Administrators hold the cardBusinessConfig menu (卡片业务配置); every logged-in user reads a released
 * item's body. Not calls of section 7: the portal's own, in the workbench group.
 */
export const NEWS_PATHS = {
  page: '/news/manage/page',
  save: '/news/manage/save',
  remove: '/news/manage/remove',
  editorDetail: '/news/manage/detail',
  detail: '/news/detail',
  /** A visitor reads a released item the landing page lists (tenantId in the body). */
  publicDetail: '/nobody/news/detail',
} as const;

export const NEWS_KINDS = ['news', 'announcement'] as const;
export const NewsKind = z.enum(NEWS_KINDS);
export type NewsKind = z.infer<typeof NewsKind>;

/** The HTML of one body, before cleaning. */
export const NEWS_HTML_MAX = 100_000;

/** [zh-CN, en-US]. */
export const NEWS_TEXTS = {
  saved: ['已发布', 'Published'],
  removed: ['已删除', 'Deleted'],
  noTitle: ['请输入标题', 'Enter a title'],
  bodyOrLink: ['请填写正文或链接', 'Write a body or give a link'],
  badLink: ['链接须以 http:// 或 https:// 开头', 'A link starts with http:// or https://'],
  badTime: ['发布时间格式不正确', 'The release time is not a valid time'],
  tooLong: [`正文不能超过${NEWS_HTML_MAX}个字符`, `A body holds at most ${NEWS_HTML_MAX} characters`],
  notFound: ['该新闻或公告不存在', 'No such news item or announcement'],
} as const satisfies Record<string, readonly [string, string]>;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters);

export const NewsSaveRequest = z.object({
  /** Absent for a new item. */
  id: z.string().min(1).max(64).optional(),
  kind: NewsKind,
  title: text(300).pipe(z.string().min(1, NEWS_TEXTS.noTitle[0])),
  /** The column's 新闻分类 (a campus-news column with a category shows only that category). */
  category: text(50).default(''),
  /** 栏目: the department or column shown beside an announcement. */
  fieldSet: text(50).default(''),
  important: z.boolean().default(false),
  /** An instant with its offset (the editor sends the tenant's wall clock as UTC). */
  releaseTime: z.iso.datetime({ offset: true, error: NEWS_TEXTS.badTime[0] }),
  content: z
    .string()
    .max(NEWS_HTML_MAX, NEWS_TEXTS.tooLong[0])
    .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters)
    .default(''),
  url: text(1000)
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), NEWS_TEXTS.badLink[0])
    .default(''),
});
export type NewsSaveRequest = z.input<typeof NewsSaveRequest>;

export const NewsPageRequest = z.object({
  kind: NewsKind.optional(),
  keyword: text(100).optional(),
  current: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});
export type NewsPageRequest = z.input<typeof NewsPageRequest>;

export const NewsIdRequest = z.object({ id: z.string().min(1).max(64) });
export const PublicNewsIdRequest = NewsIdRequest.extend({ tenantId: TenantId.optional() });

/** One item as the editor and the reader see it. */
export const NewsEntry = z.object({
  id: z.string(),
  kind: NewsKind,
  title: z.string(),
  category: z.string(),
  fieldSet: z.string(),
  important: z.boolean(),
  releaseTime: z.string(),
  url: z.string(),
  content: z.string(),
});
export type NewsEntry = z.infer<typeof NewsEntry>;

export const NewsPage = z.object({
  records: z.array(NewsEntry.omit({ content: true }).extend({ hasContent: z.boolean() })),
  total: z.number().int(),
});
export type NewsPage = z.infer<typeof NewsPage>;
