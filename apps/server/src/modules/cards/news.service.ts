import { NEWS_TEXTS, NewsPageRequest, NewsSaveRequest, type NewsEntry, type NewsPage } from '@portal/contracts/news';
import type { z } from 'zod';
import type { WbNewsRow } from '../../db/tables/workbench.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { richTextPlain, sanitizeRichText } from '../../platform/rich-text.ts';
import { newsRepository } from './news.repository.ts';

const repo = (deps: AppDeps) => newsRepository(deps.db);

const toEntry = (r: WbNewsRow): NewsEntry => ({
  id: r.id,
  kind: r.kind as NewsEntry['kind'],
  title: r.title,
  category: r.category,
  fieldSet: r.field_set,
  important: r.important === 1,
  releaseTime: r.release_time,
  url: r.url,
  content: r.content,
});

/** The tenant's written news and announcements, latest release first (administrators: also those not yet released). */
export async function newsPage(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof NewsPageRequest>,
): Promise<NewsPage> {
  const { rows, total } = await repo(deps).page(
    ctx.tenantId,
    input.kind,
    input.keyword || undefined,
    input.size,
    (input.current - 1) * input.size,
  );
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      kind: r.kind as NewsEntry['kind'],
      title: r.title,
      category: r.category,
      fieldSet: r.field_set,
      important: r.important === 1,
      releaseTime: r.release_time,
      url: r.url,
      hasContent: Number(r.has_content) === 1,
    })),
  };
}

/**
 * Writes a news item or an announcement: the body is cleaned by the shared allow-list (a script, a handler or a
 * javascript: link never reaches a student); an item needs a readable body or a link. The release time is kept as
 * a UTC instant; the cards show it on the tenant's clock and hide it from readers until it comes.
 */
export async function saveNews(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof NewsSaveRequest>,
): Promise<NewsEntry> {
  const content = input.content ? sanitizeRichText(input.content) : '';
  const hasBody = richTextPlain(content) !== '' || /<img\s/i.test(content);
  if (!hasBody && !input.url) throw badRequest(NEWS_TEXTS.bodyOrLink[0], NEWS_TEXTS.bodyOrLink[1]);
  const set = {
    kind: input.kind,
    title: input.title,
    category: input.category,
    field_set: input.fieldSet,
    important: input.important ? 1 : 0,
    url: input.url,
    release_time: new Date(input.releaseTime).toISOString(),
    content: hasBody ? content : '',
    updated_by: ctx.userId,
  };
  let id = input.id;
  if (id) {
    if (!(await repo(deps).item(ctx.tenantId, id))) throw notFound(NEWS_TEXTS.notFound[0], `news ${id}`);
    await repo(deps).update(ctx.tenantId, id, set);
  } else {
    id = newId();
    await repo(deps).insert({ id, tenant_id: ctx.tenantId, created_at: nowIso(), ...set });
  }
  return toEntry((await repo(deps).item(ctx.tenantId, id))!);
}

export async function removeNews(deps: AppDeps, ctx: RequestContext, id: string): Promise<{ removed: boolean }> {
  if (!(await repo(deps).remove(ctx.tenantId, id))) throw notFound(NEWS_TEXTS.notFound[0], `news ${id}`);
  return { removed: true };
}

/** An item for the editor: any of the tenant's, released or not. */
export async function newsForEditor(deps: AppDeps, ctx: RequestContext, id: string): Promise<NewsEntry> {
  const r = await repo(deps).item(ctx.tenantId, id);
  if (!r) throw notFound(NEWS_TEXTS.notFound[0], `news ${id}`);
  return toEntry(r);
}

/** An item for a reader of the cards: released items of the reader's tenant only. */
export async function newsForReader(deps: AppDeps, tenantId: string, id: string): Promise<NewsEntry> {
  const r = await repo(deps).item(tenantId, id, nowIso());
  if (!r) throw notFound(NEWS_TEXTS.notFound[0], `news ${id}`);
  return toEntry(r);
}
