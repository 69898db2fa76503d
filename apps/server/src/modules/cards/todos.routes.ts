import { envelope } from '@portal/contracts/envelope';
import { IngestTodosRequest, IngestTodosResult, TODO_INGEST_PATH } from '@portal/contracts/todo-ingest';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { ingestTodos } from './todos.ingest.ts';

/** A workflow engine's to-dos for the home cards (issue 16): callers hold 卡片业务配置 (cardBusinessConfig). */
export async function todosRoutes(app: App): Promise<void> {
  const r = typed(app);
  r.post(
    `${GROUPS.osp}${TODO_INGEST_PATH}`,
    {
      config: { access: 'user', menu: 'cardBusinessConfig' },
      // 500 to-dos: more than the default 1 MB at worst.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['workbench'],
        summary:
          "A workflow engine feeds users' to-dos (this project's): keyed by externalId, sent again to update, removed to forget; all or none stored",
        body: IngestTodosRequest,
        response: { 200: envelope(IngestTodosResult) },
      },
    },
    async (q) => ok(await ingestTodos(app.deps, userOf(q), q.body.todos)),
  );
}
