import type { WorkbenchConfigFile } from '@portal/contracts/config-transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARD_IDS } from '../../db/seed/workbench.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { configCalls } from '../config-transfer/config-transfer-test-calls.ts';

type Json = Record<string, any>;

/**
 * ADR 0074: every text an administrator configures on a card has an optional English beside the Chinese — stored,
 * answered, saved, carried by the configuration file — and the seeded cards have theirs.
 */
describe.each(testDatabases)('the English of card texts on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { call, exportConfig, importConfig } = configCalls(() => t, tokens);

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every seeded card, column, header and link its English', async () => {
    const list = (await call('admin', 'cardbusinessconfig/list')).result as Json[];
    expect(list.length).toBeGreaterThanOrEqual(10);
    for (const c of list) expect(c.basicConfig.cardNameEn, c.basicConfig.cardName).toMatch(/^[A-Z]/);
    const byId = (id: string) => list.find((c: Json) => c.id === id)!;
    expect(byId(DEMO_CARD_IDS.waitHandle).basicConfig.cardNameEn).toBe('For me to handle');
    expect(byId(DEMO_CARD_IDS.businessExpress).basicConfig.cardNameEn).toBe('Business express');
    expect(byId(DEMO_CARD_IDS.personalMatters).currentStatusBackgroundColor).toEqual(
      expect.arrayContaining([expect.objectContaining({ typeName: '审核中', typeNameEn: 'Under review' })]),
    );
    expect(byId(DEMO_CARD_IDS.campusNews).otherInformationList[0]).toMatchObject({
      label: '更多新闻',
      labelEn: 'More news',
    });

    const table = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.todoTable });
    expect(table.result.basicConfig.cardNameEn).toBe('To-do list');
    expect(table.result.list[0]).toMatchObject({ columnName: '待办', columnNameEn: 'To do' });
    expect(table.result.list[0].cardMapping).toEqual([
      { field: 'title', chineseName: '标题', chineseNameEn: 'Title' },
      { field: 'flowType', chineseName: '流程类型', chineseNameEn: 'Process type' },
      { field: 'createTime', chineseName: '到达时间', chineseNameEn: 'Arrival time' },
    ]);
    const wait = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.waitHandle });
    expect(wait.result.list[0]).toMatchObject({
      columnName: '请假审批',
      columnNameEn: 'Leave approval',
      todoTypeNameEn: 'To do',
      todoTimeoutNameEn: 'Overdue',
    });
    // The default header of a to-do column's arrival time, offered when an administrator maps the field.
    const fields = await call('admin', 'cardcolumnconfig/getReturnParamByDataSource', { dataSource: 'todo' });
    expect(fields.result.find((f: Json) => f.field === 'createTime')).toMatchObject({
      chineseName: '到达时间',
      chineseNameEn: 'Arrival time',
    });
  });

  it('saves and answers a card’s and a column’s English; empty is none; the Chinese limits apply', async () => {
    const created = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'todoTable',
      basicConfig: {
        cardName: '英文测试卡',
        cardNameEn: '  English test card ',
        cardIntroduction: '简介',
        cardIntroductionEn: 'About',
        displayRows: 1,
      },
      otherInformationList: [{ label: '更多', labelEn: 'More', value: 'https://www.demo.edu.cn' }],
    });
    expect(created.status, created.msg).toBe(1000);
    const id = created.result.id as string;
    expect(created.result.basicConfig).toMatchObject({ cardNameEn: 'English test card', cardIntroductionEn: 'About' });
    const detail = await call('admin', 'cardbasicconfig/detail', { id });
    expect(detail.result.basicConfig.cardNameEn).toBe('English test card');
    expect(detail.result.otherInformationList[0].labelEn).toBe('More');

    const col = await call('admin', 'cardcolumnconfig/submit', {
      cardId: id,
      columnName: '我的待办',
      columnNameEn: 'My to-dos',
      dataSource: 'todo',
      cardMapping: [{ field: 'createTime', chineseName: '到达时间', chineseNameEn: 'Arrived' }],
    });
    expect(col.status, col.msg).toBe(1000);
    const columns = await call('admin', 'cardcolumnconfig/list', { cardId: id });
    expect(columns.result[0]).toMatchObject({ columnNameEn: 'My to-dos' });
    expect(columns.result[0].cardMapping[0].chineseNameEn).toBe('Arrived');
    const preview = await call('admin', 'cardcolumnconfig/preview', { cardId: id });
    expect(preview.result.basicConfig.cardNameEn).toBe('English test card');
    expect(preview.result.list[0].columnNameEn).toBe('My to-dos');

    // Saved again without English: none.
    const cleared = await call('admin', 'cardbasicconfig/submit', {
      id,
      cardType: 'todoTable',
      basicConfig: { cardName: '英文测试卡', cardNameEn: '', displayRows: 1 },
    });
    expect(cleared.status, cleared.msg).toBe(1000);
    expect(cleared.result.basicConfig.cardNameEn).toBe('');
    expect(cleared.result.basicConfig.cardIntroductionEn).toBe('');

    // The Chinese name's limit (50) is the English one's.
    const tooLong = await call('admin', 'cardbasicconfig/submit', {
      id,
      cardType: 'todoTable',
      basicConfig: { cardName: '英文测试卡', cardNameEn: 'x'.repeat(51), displayRows: 1 },
    });
    expect(tooLong.http).toBe(400);
    const longColumn = await call('admin', 'cardcolumnconfig/submit', {
      cardId: id,
      columnName: '太长',
      columnNameEn: 'y'.repeat(51),
      dataSource: 'todo',
    });
    expect(longColumn.http).toBe(400);
  });

  it('carries the English through the configuration file, and imports a file of before without it', async () => {
    const file = await exportConfig();
    const wait = file.sections.cards.find((c) => c.cardType === 'waitHandle')!;
    expect(wait.basicConfig.cardNameEn).toBe('For me to handle');
    expect(wait.columns[0]).toMatchObject({ columnNameEn: 'Leave approval', todoTimeoutNameEn: 'Overdue' });

    wait.basicConfig.cardNameEn = 'Waiting for me';
    expect((await importConfig(JSON.stringify(file))).status).toBe(1000);
    const cards = (await call('admin', 'cardbusinessconfig/list')).result as Json[];
    expect(cards.find((c) => c.basicConfig.cardName === '待我处理')!.basicConfig.cardNameEn).toBe('Waiting for me');

    // A file exported before the English texts: no English anywhere; it imports, and the cards have none.
    const old = JSON.parse(
      JSON.stringify(file, (k, v: unknown) => (/En$/.test(k) ? undefined : v)),
    ) as WorkbenchConfigFile;
    expect(JSON.stringify(old)).not.toMatch(/En"/);
    const res = await importConfig(JSON.stringify(old));
    expect(res.status, res.msg).toBe(1000);
    const after = (await call('admin', 'cardbusinessconfig/list')).result as Json[];
    expect(after.find((c) => c.basicConfig.cardName === '待我处理')!.basicConfig.cardNameEn).toBe('');
  });
});
