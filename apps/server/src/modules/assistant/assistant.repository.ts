import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { FaqEntryTable, QuestionFeedbackTable, RobotQuestionTable } from '../../db/database.ts';

/** SQL of the robot assistant. Every method takes the tenant first (house style 2). */
export function assistantRepository(db: Db) {
  const faqBrief = (tenantId: string) =>
    db
      .selectFrom('faq_entries as f')
      .innerJoin('question_scenes as s', 's.id', 'f.scene_id')
      .where('f.tenant_id', '=', tenantId)
      .where('f.enabled', '=', 1)
      .select(['f.id', 'f.question', 'f.scene_id', 's.scene_name']);

  return {
    robotConfig(tenantId: string) {
      return db.selectFrom('robot_configs').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst();
    },

    /** The robot's name, greeting and switch, written over the tenant's row (made when missing), its avatar when given. */
    async putRobotConfig(
      tenantId: string,
      v: {
        robot_name: string;
        greeting: string;
        enabled: number;
        robot_name_en: string;
        greeting_en: string;
        robot_avatar?: string;
      },
    ) {
      await db
        .insertInto('robot_configs')
        .values({ tenant_id: tenantId, robot_avatar: '', ...v })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(v))
        .execute();
    },

    scenes(tenantId: string) {
      return db
        .selectFrom('question_scenes')
        .where('tenant_id', '=', tenantId)
        .orderBy('sort')
        .orderBy('scene_name')
        .selectAll()
        .execute();
    },

    scene(tenantId: string, id: string) {
      return db
        .selectFrom('question_scenes')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    /** Every enabled FAQ entry with its scene name: what the search index is built from. */
    faqs(tenantId: string) {
      return db
        .selectFrom('faq_entries as f')
        .innerJoin('question_scenes as s', 's.id', 'f.scene_id')
        .where('f.tenant_id', '=', tenantId)
        .where('f.enabled', '=', 1)
        .select([
          'f.id',
          'f.question',
          'f.answer',
          'f.keywords',
          'f.synonyms',
          'f.url',
          'f.scene_id',
          'f.sort',
          's.scene_name',
        ])
        .orderBy('f.sort')
        .execute();
    },

    /** Changes whenever an FAQ entry is added, edited, enabled or disabled: the index is rebuilt then. */
    async faqSignature(tenantId: string): Promise<string> {
      const row = await db
        .selectFrom('faq_entries')
        .where('tenant_id', '=', tenantId)
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.max('updated_at').as('latest'),
          eb.fn.sum<number>('enabled').as('enabled'),
        ])
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}|${row.latest ?? ''}|${Number(row.enabled ?? 0)}`;
    },

    /** The most asked questions (hits), then the configured order. */
    popular(tenantId: string, sceneId: string | undefined, limit: number) {
      let q = faqBrief(tenantId);
      if (sceneId) q = q.where('f.scene_id', '=', sceneId);
      return q.orderBy('f.hits', 'desc').orderBy('f.sort').limit(limit).execute();
    },

    faqsOfScenes(tenantId: string) {
      return faqBrief(tenantId).orderBy('f.sort').execute();
    },

    async countHit(tenantId: string, faqId: string): Promise<void> {
      await db
        .updateTable('faq_entries')
        .set((eb) => ({ hits: eb('hits', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', faqId)
        .execute();
    },

    async insertQuestion(row: Insertable<RobotQuestionTable>): Promise<void> {
      await db.insertInto('robot_questions').values(row).execute();
    },

    question(tenantId: string, userId: string, id: string) {
      return db
        .selectFrom('robot_questions')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    async setSolved(tenantId: string, userId: string, id: string, solved: number): Promise<boolean> {
      const res = await db
        .updateTable('robot_questions')
        .set({ solved })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Questions for the administrators: not answered, passed on by the user, or answered without solving it. */
    /** The knowledge page: every entry (enabled or not), by keyword in question, keywords or synonyms, and scene. */
    async faqPage(
      tenantId: string,
      filter: { keyword?: string | undefined; sceneId?: string | undefined },
      offset: number,
      limit: number,
    ) {
      let base = db
        .selectFrom('faq_entries as f')
        .leftJoin('question_scenes as s', (j) =>
          j.onRef('s.id', '=', 'f.scene_id').onRef('s.tenant_id', '=', 'f.tenant_id'),
        )
        .where('f.tenant_id', '=', tenantId);
      if (filter.sceneId) base = base.where('f.scene_id', '=', filter.sceneId);
      if (filter.keyword) {
        const like = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, '')}%`; // LIKE's wildcards are dropped, not escaped (SQLite has no default escape)
        base = base.where((eb) =>
          eb.or(
            (['f.question', 'f.keywords', 'f.synonyms', 'f.answer'] as const).map((c) =>
              eb(eb.fn('lower', [c]), 'like', eb.val(like)),
            ),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('f')
          .select('s.scene_name')
          .orderBy('f.sort')
          .orderBy('f.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    faq(tenantId: string, id: string) {
      return db
        .selectFrom('faq_entries')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    faqByQuestion(tenantId: string, question: string) {
      return db
        .selectFrom('faq_entries')
        .where('tenant_id', '=', tenantId)
        .where('question', '=', question)
        .select('id')
        .executeTakeFirst();
    },

    async nextFaqSort(tenantId: string): Promise<number> {
      const row = await db
        .selectFrom('faq_entries')
        .where('tenant_id', '=', tenantId)
        .select((eb) => eb.fn.max('sort').as('m'))
        .executeTakeFirst();
      return Number(row?.m ?? 0) + 1;
    },

    async insertFaq(row: Insertable<FaqEntryTable>): Promise<void> {
      await db.insertInto('faq_entries').values(row).execute();
    },

    async updateFaq(tenantId: string, id: string, values: Updateable<FaqEntryTable>): Promise<boolean> {
      const res = await db
        .updateTable('faq_entries')
        .set(values)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async removeFaq(tenantId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom('faq_entries')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** An unanswered question is now answered by an entry: it leaves the unanswered list. */
    async answerQuestion(tenantId: string, questionId: string, faqId: string): Promise<void> {
      await db
        .updateTable('robot_questions')
        // Answered now, by an entry written for it (a question passed on to the administrators too).
        .set({ faq_id: faqId, answered: 1, solved: 1, source: 'search' })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', questionId)
        .execute();
    },

    async openQuestions(tenantId: string, offset: number, limit: number) {
      const base = db
        .selectFrom('robot_questions as q')
        .leftJoin('faq_entries as f', 'f.id', 'q.faq_id')
        .where('q.tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('q.answered', '=', 0), eb('q.solved', '=', 0), eb('q.source', '=', 'record')]));
      const [rows, count] = await Promise.all([
        base
          .select([
            'q.id',
            'q.question',
            'q.user_name',
            'q.answered',
            'q.solved',
            'q.source',
            'q.created_at',
            'f.question as matched_question',
          ])
          .orderBy('q.created_at', 'desc')
          .orderBy('q.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async insertFeedback(row: Insertable<QuestionFeedbackTable>): Promise<void> {
      await db.insertInto('question_feedback').values(row).execute();
    },

    feedback(tenantId: string, id: string) {
      return db
        .selectFrom('question_feedback as q')
        .leftJoin('question_scenes as s', 's.id', 'q.scene_id')
        .where('q.tenant_id', '=', tenantId)
        .where('q.id', '=', id)
        .selectAll('q')
        .select('s.scene_name')
        .executeTakeFirst();
    },

    async feedbackPage(tenantId: string, userId: string, offset: number, limit: number) {
      const base = db
        .selectFrom('question_feedback as q')
        .where('q.tenant_id', '=', tenantId)
        .where('q.user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('question_scenes as s', 's.id', 'q.scene_id')
          .selectAll('q')
          .select('s.scene_name')
          .orderBy('q.created_at', 'desc')
          .orderBy('q.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async feedbackCounts(tenantId: string, userId: string): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('question_feedback')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .groupBy('status')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .execute();
      return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
    },

    async replyFeedback(
      tenantId: string,
      id: string,
      patch: { status: number; reply: string; updated_at: string },
    ): Promise<boolean> {
      const res = await db
        .updateTable('question_feedback')
        .set(patch)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}

export type AssistantRepository = ReturnType<typeof assistantRepository>;
