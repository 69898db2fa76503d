import { ROBOT_KNOWLEDGE_MENU, ROBOT_TEXTS } from '@portal/contracts/assistant';
import {
  DATA_RANGE_CHOSEN,
  DATA_RANGE_SEARCH,
  RULE_SKIP,
  RULE_UPDATE,
  TRANSFER_TEXTS,
} from '@portal/contracts/transfer';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import type { AppDeps } from '../../platform/http.ts';
import { RowError, rowByRow, str, type Dataset } from '../transfer/transfer.rows.ts';
import { assistantRepository } from './assistant.repository.ts';

const ON = ['是', '启用', '1', 'true', 'yes', 'y'];
const OFF = ['否', '停用', '禁用', '0', 'false', 'no', 'n'];

/** The scenes of a tenant as dictionary options (the scene column of the template). */
export async function sceneDictionary(deps: AppDeps, tenantId: string) {
  return (await assistantRepository(deps.db).scenes(tenantId)).map((s) => ({ dictKey: s.id, dictValue: s.scene_name }));
}

/**
 * The robot's knowledge as a data set of import and export (2.7's dialogs, issue 14): one row per entry, matched
 * by its question; the scene by name; other wordings one per line (or separated by 、 ; ，).
 */
export const robotFaqDataset: Dataset = {
  name: 'robotFaq',
  title: '机器人知识库',
  menu: ROBOT_KNOWLEDGE_MENU,
  fields: [
    { id: 'question', field: '问题', required: true, dictCode: null, checkable: true },
    { id: 'answer', field: '答案', required: true, dictCode: null, checkable: false },
    { id: 'synonyms', field: '同义问法', required: false, dictCode: null, checkable: false },
    { id: 'keywords', field: '关键词', required: false, dictCode: null, checkable: false },
    { id: 'sceneName', field: '场景', required: true, dictCode: 'robotScene', checkable: false },
    { id: 'enabled', field: '启用', required: false, dictCode: null, checkable: false },
  ],
  maxLength: { question: 200, answer: 4000, synonyms: 2000, keywords: 500, sceneName: 100, enabled: 8 },
  sample: {
    question: '体育馆开放时间是什么时候？',
    answer: '周一至周五 14:00-21:30，周末 8:00-21:30，凭校园卡入馆。',
    synonyms: '球馆几点开门、健身房开门时间',
    keywords: '体育馆 开放时间',
    sceneName: '后勤服务',
    enabled: '是',
  },

  async count(deps, ctx, scope) {
    return (await selected(deps, ctx.tenantId, scope)).length;
  },
  async *rows(deps, ctx, scope) {
    yield (await selected(deps, ctx.tenantId, scope)).map((r) => ({
      question: r.question,
      answer: r.answer,
      synonyms: r.synonyms.split(/\n+/).filter(Boolean).join('、'),
      keywords: r.keywords,
      sceneName: r.scene_name ?? '',
      enabled: r.enabled === 1 ? '是' : '否',
    }));
  },
  async importer(_deps, ctx) {
    return rowByRow(async (trx, v, ruleNum) => {
      const repo = assistantRepository(trx);
      const scene = (await repo.scenes(ctx.tenantId)).find((s) => s.scene_name === str(v.sceneName));
      if (!scene) throw new RowError(`场景：${ROBOT_TEXTS.noSuchScene}`);
      const flag = str(v.enabled).toLowerCase();
      if (flag && !ON.includes(flag) && !OFF.includes(flag)) throw new RowError(`启用：${TRANSFER_TEXTS.yesOrNo}`);
      const values = {
        question: str(v.question),
        answer: str(v.answer),
        synonyms: str(v.synonyms)
          .split(/[\n、;；]+/)
          .map((s) => s.trim())
          .filter(Boolean)
          .join('\n'),
        keywords: str(v.keywords),
        scene_id: scene.id,
        enabled: OFF.includes(flag) ? 0 : 1,
        updated_at: nowIso(),
      };
      const existing = await repo.faqByQuestion(ctx.tenantId, values.question);
      if (existing) {
        if (ruleNum === RULE_SKIP) return 'skip';
        if (ruleNum !== RULE_UPDATE) throw new RowError(TRANSFER_TEXTS.duplicateRow);
        await repo.updateFaq(ctx.tenantId, existing.id, values);
        return 'update';
      }
      await repo.insertFaq({
        id: newId(),
        tenant_id: ctx.tenantId,
        url: '',
        hits: 0,
        sort: await repo.nextFaqSort(ctx.tenantId),
        ...values,
      });
      return 'insert';
    });
  },
};

async function selected(deps: AppDeps, tenantId: string, scope: Parameters<Dataset['count']>[2]) {
  const { rows } = await assistantRepository(deps.db).faqPage(
    tenantId,
    scope.dataRange === DATA_RANGE_SEARCH
      ? { keyword: str(scope.search.keyword) || undefined, sceneId: str(scope.search.sceneId) || undefined }
      : {},
    0,
    100_000,
  );
  return scope.dataRange === DATA_RANGE_CHOSEN ? rows.filter((r) => scope.ids.includes(r.id)) : rows;
}
