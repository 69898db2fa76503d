import { CHAT_TEXTS, MSG_TYPE_FILE } from '@portal/contracts/chat';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const [, TEACHER, STUDENT, STUDENT2] = DEMO_USERS.map((u) => u.id) as [string, string, string, string];
/** A quota small enough to reach with a few uploads. */
const QUOTA = 1000;

/** A user's chat files together stay within CHAT_UPLOAD_QUOTA_MB (config.chatUploadQuotaBytes). */
describe.each(testDatabases)('chat upload quota on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};

  const upload = async (account: string, name: string, data: Buffer) => {
    const boundary = '----portalquota';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: { ...bearer(tokens[account]!), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    return { http: res.statusCode, ...res.json() };
  };
  const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7 '), Buffer.alloc(bytes - 9, 0x41)]);
  /** The user's chat_files rows. */
  const rows = (userId: string) =>
    t.db.db
      .selectFrom('chat_files')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('owner_id', '=', userId)
      .select(['id', 'size', 'storage_path'])
      .execute();
  /** Every file the store holds under chat/ (a half-written upload's `.part` file too). */
  const storedFiles = async (): Promise<string[]> => {
    if (t.config.fileStore === 'database')
      return (await t.db.db.selectFrom('stored_files').where('key', 'like', 'chat/%').select('key').execute()).map(
        (r) => r.key,
      );
    const root = join(dataDir, 'files', 'chat');
    return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-chat-quota-'));
    t = await createTestApp(engine, { dataDir, chatUploadQuotaBytes: QUOTA });
    for (const account of ['teacher01', 'student01', 'student02'])
      tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes uploads under the quota, up to it exactly', async () => {
    for (const name of ['a.pdf', 'b.pdf'])
      expect(await upload('student01', name, pdf(400))).toMatchObject({
        http: 200,
        status: 1000,
        result: { type: MSG_TYPE_FILE, fileSize: 400 },
      });
    expect((await rows(STUDENT)).reduce((sum, r) => sum + Number(r.size), 0)).toBe(800);
    expect(await storedFiles()).toHaveLength(2);
  });

  it('refuses the upload that would cross the quota with 413 and its message, leaving no file and no row', async () => {
    const refused = await upload('student01', 'c.pdf', pdf(300));
    expect(refused).toMatchObject({ http: 413, status: 413, msg: CHAT_TEXTS.uploadQuotaExceeded, result: null });
    expect(refused.msgDetail).toMatch(/^[\d.]+ MB \/ [\d.]+ MB$/);
    expect(await rows(STUDENT)).toHaveLength(2);
    expect(await storedFiles()).toHaveLength(2);

    // What is left fits exactly; then nothing more does, not even one byte.
    expect(await upload('student01', 'd.pdf', pdf(200))).toMatchObject({ http: 200, status: 1000 });
    expect(await upload('student01', 'e.txt', Buffer.from('x'))).toMatchObject({
      http: 413,
      msg: CHAT_TEXTS.uploadQuotaExceeded,
    });
    expect((await rows(STUDENT)).reduce((sum, r) => sum + Number(r.size), 0)).toBe(QUOTA);
    expect(await storedFiles()).toHaveLength(3);
  });

  it('counts each user on their own: another user is unaffected', async () => {
    expect(await upload('teacher01', 'plan.pdf', pdf(900))).toMatchObject({ http: 200, status: 1000 });
    expect(await rows(TEACHER)).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(4);
  });

  it('lets only one of two uploads at once take the last room', async () => {
    // Each fits alone; both do not. Both pass the check before streaming; the one recorded second must see the first.
    const answers = await Promise.all([
      upload('student02', 'one.pdf', pdf(600)),
      upload('student02', 'two.pdf', pdf(600)),
    ]);
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([413, 1000]);
    expect(answers.find((a) => a.status === 413)).toMatchObject({ http: 413, msg: CHAT_TEXTS.uploadQuotaExceeded });
    const stored = await rows(STUDENT2);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(answers.find((a) => a.status === 1000)!.result.objectId);
    expect(await storedFiles()).toHaveLength(5);
  });
});
