import { envelope } from '@portal/contracts/envelope';
import {
  NEWS_PATHS,
  NEWS_TEXTS,
  NewsEntry,
  NewsIdRequest,
  NewsPage,
  NewsPageRequest,
  NewsSaveRequest,
  PublicNewsIdRequest,
} from '@portal/contracts/news';
import { MESSAGES } from '@portal/contracts/errors';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { newsForEditor, newsForReader, newsPage, removeNews, saveNews } from './news.service.ts';

/**
 * Campus news and announcements (issue 16): administrators holding 卡片业务配置 (cardBusinessConfig, the menu of the
 * cards that show them) write, edit and delete them; a logged-in user or a visitor of the tenant reads a released one.
 */
export async function newsRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  const W = GROUPS.workbench;
  const tags = ['workbench'];
  const config = { access: 'user', menu: 'cardBusinessConfig' } as const;
  r.post(
    `${W}${NEWS_PATHS.page}`,
    {
      config,
      schema: {
        tags,
        summary: 'News and announcements written for the tenant (also those not yet released)',
        body: NewsPageRequest,
        response: { 200: envelope(NewsPage) },
      },
    },
    async (q) => ok(await newsPage(deps, userOf(q), q.body)),
  );
  r.post(
    `${W}${NEWS_PATHS.editorDetail}`,
    {
      config,
      schema: { tags, summary: 'One item for the editor', body: NewsIdRequest, response: { 200: envelope(NewsEntry) } },
    },
    async (q) => ok(await newsForEditor(deps, userOf(q), q.body.id)),
  );
  r.post(
    `${W}${NEWS_PATHS.save}`,
    {
      config,
      schema: {
        tags,
        summary: 'Write or edit a news item or an announcement (cleaned rich text or a link)',
        body: NewsSaveRequest,
        response: { 200: envelope(NewsEntry) },
      },
    },
    async (q) => ok(await saveNews(deps, userOf(q), q.body), NEWS_TEXTS.saved[0]),
  );
  r.post(
    `${W}${NEWS_PATHS.remove}`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a news item or an announcement',
        body: NewsIdRequest,
        response: { 200: envelope(z.object({ removed: z.boolean() })) },
      },
    },
    async (q) => ok(await removeNews(deps, userOf(q), q.body.id), NEWS_TEXTS.removed[0]),
  );
  r.post(
    `${W}${NEWS_PATHS.detail}`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A released item with its body',
        body: NewsIdRequest,
        response: { 200: envelope(NewsEntry) },
      },
    },
    async (q) => ok(await newsForReader(deps, userOf(q).tenantId, q.body.id)),
  );
  r.post(
    `${W}${NEWS_PATHS.publicDetail}`,
    {
      schema: {
        tags,
        summary: 'A released item with its body, for a visitor of the landing page',
        body: PublicNewsIdRequest,
        response: { 200: envelope(NewsEntry) },
      },
    },
    async (q) => {
      if (!q.tenantId) throw badRequest(MESSAGES.missingTenant);
      return ok(await newsForReader(deps, q.tenantId, q.body.id));
    },
  );
}
