import { AUDIT_PATHS } from '@portal/contracts/audit';
import { NAVIGATION_NAME_EN_MAX, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { configCalls } from '../config-transfer/config-transfer-test-calls.ts';

type Json = Record<string, any>;

/** ADR 0074: a navigation item's name has an optional English beside the Chinese, answered to every user, saved and carried. */
describe.each(testDatabases)("the English of a navigation item's name on %s", (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { call, exportConfig, importConfig } = configCalls(() => t, tokens);
  const items = async () => (await call('admin', 'indexnavigationconfig/list')).result as Json[];
  const studentMenu = async () => (await call('student01', 'homePage/getTopMenu')).result.navigation as Json[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => t?.close());

  it('a new item and an edited one take their English; an edit without it keeps it; a change of it is a change', async () => {
    // The built-in items have none until an administrator gives one.
    expect((await items()).every((n) => n.navigationNameEn === '')).toBe(true);
    const created = await call('admin', 'indexnavigationconfig/submit', {
      navigationName: '图书馆',
      navigationNameEn: ' Library ',
      configPath: 'https://lib.example.edu.cn',
    });
    expect(created.status, created.msg).toBe(1000);
    const library = (await items()).find((n) => n.navigationName === '图书馆')!;
    expect(library.navigationNameEn).toBe('Library');
    expect((await studentMenu()).find((n) => n.id === library.id)).toMatchObject({ navigationNameEn: 'Library' });

    // Another administrator changes the English: this one's save of the version read before is refused.
    const base = { id: library.id, navigationName: '图书馆', configPath: 'https://lib.example.edu.cn' };
    expect(
      (
        await call('admin', 'indexnavigationconfig/submit', {
          ...base,
          navigationNameEn: 'Libraries',
          version: library.version,
        })
      ).status,
    ).toBe(1000);
    const stale = await call('admin', 'indexnavigationconfig/submit', {
      ...base,
      navigationNameEn: 'The library',
      version: library.version,
    });
    expect(stale).toMatchObject({ http: 409, msg: WORKBENCH_MESSAGES.changedMeanwhile });
    // The spec's callers send no English: the item keeps its own.
    expect(
      (await call('admin', 'indexnavigationconfig/submit', { ...base, navigationName: '图书馆主页' })).status,
    ).toBe(1000);
    expect((await items()).find((n) => n.id === library.id)).toMatchObject({
      navigationName: '图书馆主页',
      navigationNameEn: 'Libraries',
    });
    expect(
      (
        await call('admin', 'indexnavigationconfig/submit', {
          ...base,
          navigationName: '图书馆主页',
          navigationNameEn: '',
        })
      ).status,
    ).toBe(1000);
    expect((await items()).find((n) => n.id === library.id)!.navigationNameEn).toBe('');
    // Too long: refused, nothing saved.
    const tooLong = await call('admin', 'indexnavigationconfig/submit', {
      navigationName: '长',
      navigationNameEn: 'x'.repeat(NAVIGATION_NAME_EN_MAX + 1),
      configPath: 'https://long.example.edu.cn',
    });
    expect(tooLong.http).toBe(400);
    expect((await items()).some((n) => n.navigationName === '长')).toBe(false);

    // Reverted from the change log (its latest entry: the English cleared), the English comes back.
    const [cleared] = (await call('admin', AUDIT_PATHS.list.slice(1), { size: 1, entityKind: 'navigation' })).result
      .records as Json[];
    expect(cleared).toMatchObject({ before: { navigation_name_en: 'Libraries' }, after: { navigation_name_en: '' } });
    expect((await call('admin', AUDIT_PATHS.revert.slice(1), { id: cleared!.id })).status).toBe(1000);
    expect((await items()).find((n) => n.id === library.id)!.navigationNameEn).toBe('Libraries');
  });

  it('a built-in item takes its English too, and keeps its page', async () => {
    const hall = (await items()).find((n) => n.isBuilt === 1 && n.navigationType === 'SERVICE_HALL')!;
    const saved = await call('admin', 'indexnavigationconfig/submit', {
      id: hall.id,
      navigationName: hall.navigationName,
      navigationNameEn: 'Service Hall',
      configPath: hall.configPath,
      version: hall.version,
    });
    expect(saved.status, saved.msg).toBe(1000);
    expect((await studentMenu()).find((n) => n.id === hall.id)).toMatchObject({
      navigationNameEn: 'Service Hall',
      configPath: hall.configPath,
    });
  });

  it('carries it through the configuration file; a file of before imports without English', async () => {
    const file = await exportConfig();
    const library = file.sections.navigation.find((n) => n.navigationName === '图书馆主页')!;
    expect(library.navigationNameEn).toBe('Libraries');
    library.navigationNameEn = 'Library site';
    const older = file.sections.navigation.find((n) => n.navigationType === 'SERVICE_HALL')!;
    delete older.navigationNameEn;
    const res = await importConfig(JSON.stringify(file));
    expect(res.status, res.body).toBe(1000);
    const menu = await studentMenu();
    expect(menu.find((n) => n.navigationName === '图书馆主页')!.navigationNameEn).toBe('Library site');
    expect(menu.find((n) => n.navigationType === 'SERVICE_HALL')!.navigationNameEn).toBe('');
  });
});
