import { AUDIT_PATHS } from '@portal/contracts/audit';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { configCalls } from '../config-transfer/config-transfer-test-calls.ts';

type Json = Record<string, any>;

/** ADR 0074: a home tab's name has an optional English beside the Chinese, answered to every user, saved and carried. */
describe.each(testDatabases)("the English of a home tab's name on %s", (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { call, exportConfig, importConfig } = configCalls(() => t, tokens);
  const tabs = async () => (await call('admin', 'indextypeconfig/list')).result as Json[];
  const studentTabs = async () => (await call('student01', 'indexcardconfig/list')).result.types as Json[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => t?.close());

  it('seeds the first tab with its English and answers it to a student', async () => {
    expect((await tabs())[0]).toMatchObject({ typeName: '工作台', typeNameEn: 'Workbench' });
    expect((await studentTabs())[0]).toMatchObject({ typeName: '工作台', typeNameEn: 'Workbench' });
  });

  it('a new tab and an edited one take their English; an edit without it keeps it; a change of it is a change', async () => {
    const created = await call('admin', 'indextypeconfig/submit', { typeName: '学习', typeNameEn: ' Study ' });
    expect(created.status, created.msg).toBe(1000);
    const study = (await tabs()).find((x) => x.typeName === '学习')!;
    expect(study.typeNameEn).toBe('Study');

    // Another administrator gives it other English: this one's save of the version read before is refused.
    expect(
      (
        await call('admin', 'indextypeconfig/submit', {
          id: study.id,
          typeName: '学习',
          typeNameEn: 'Learning',
          version: study.version,
        })
      ).status,
    ).toBe(1000);
    const stale = await call('admin', 'indextypeconfig/submit', {
      id: study.id,
      typeName: '学习',
      typeNameEn: 'Studies',
      version: study.version,
    });
    expect(stale).toMatchObject({ http: 409, msg: WORKBENCH_MESSAGES.changedMeanwhile });
    // The spec's callers send no English: the tab keeps its own.
    expect((await call('admin', 'indextypeconfig/submit', { id: study.id, typeName: '学习中心' })).status).toBe(1000);
    expect((await tabs()).find((x) => x.id === study.id)).toMatchObject({
      typeName: '学习中心',
      typeNameEn: 'Learning',
    });
    expect(
      (await call('admin', 'indextypeconfig/submit', { id: study.id, typeName: '学习中心', typeNameEn: '' })).status,
    ).toBe(1000);
    expect((await tabs()).find((x) => x.id === study.id)!.typeNameEn).toBe('');
    expect((await call('admin', 'indextypeconfig/submit', { typeName: '长', typeNameEn: 'x'.repeat(51) })).http).toBe(
      400,
    );

    // Reverted from the change log (its latest entry: the English cleared), the English comes back.
    const [cleared] = (await call('admin', AUDIT_PATHS.list.slice(1), { size: 1, entityKind: 'indexType' })).result
      .records as Json[];
    expect(cleared).toMatchObject({ before: { type_name_en: 'Learning' }, after: { type_name_en: '' } });
    expect((await call('admin', AUDIT_PATHS.revert.slice(1), { id: cleared!.id })).status).toBe(1000);
    expect((await tabs()).find((x) => x.id === study.id)).toMatchObject({
      typeName: '学习中心',
      typeNameEn: 'Learning',
    });
  });

  it('carries it through the configuration file', async () => {
    const file = await exportConfig();
    const first = file.sections.home.tabs[0]!;
    expect(first).toMatchObject({ typeName: '工作台', typeNameEn: 'Workbench' });
    first.typeNameEn = 'Desk';
    const res = await importConfig(JSON.stringify(file));
    expect(res.status, res.body).toBe(1000);
    expect((await studentTabs())[0]).toMatchObject({ typeName: '工作台', typeNameEn: 'Desk' });
  });
});
