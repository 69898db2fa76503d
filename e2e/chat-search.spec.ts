import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { launchBrowser, loginAs } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Issue 14: a user searches their own conversations and jumps to a hit older than the first history page. */
describe('chat message search (real server, Debian Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let student: Page;
  const STUDENT_ID = '1123598821738675203';

  const token = async (account: string) => {
    const res = await fetch(`${server.url}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', tenantId: '000000', username: account, password: 'Demo@12345' }),
    });
    return ((await res.json()) as { result: { access_token: string } }).result.access_token;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // The teacher (another device kind than the student's browser) sends one message worth finding, then 40 more.
    const ws = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}/api/chat/ws?resource=android`,
      ['portal.chat', `portal.token.${await token('teacher01')}`],
      { origin: server.url },
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const texts = [
      '图书馆三楼自习室周末开放到晚上十点',
      ...Array.from({ length: 40 }, (_, i) => `第${i + 1}条日常消息`),
    ];
    let stored = 0;
    const done = new Promise<void>((resolve) =>
      ws.on('message', (raw) => {
        const f = JSON.parse(raw.toString()) as { kind: string; type?: number };
        if (f.kind === 'receipt' && f.type === 25 && ++stored === texts.length) resolve();
      }),
    );
    for (const [i, content] of texts.entries())
      ws.send(
        JSON.stringify({
          kind: 'message',
          messageIdWeb: `search-${i}`,
          toUserId: STUDENT_ID,
          toUserType: 1,
          type: 1,
          content,
        }),
      );
    await done;
    ws.close();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    student = await context.newPage();
    await loginAs(student, server.url, 'student01');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('finds a message by a Chinese word and opens it in its conversation with what came around it', async () => {
    await student.getByRole('button', { name: /^即时通讯/ }).click();
    const panel = student.getByRole('dialog', { name: '即时通讯' });
    await panel.getByRole('tab', { name: '搜索' }).click();
    await panel.getByRole('searchbox', { name: '搜索聊天记录' }).fill('自习室');
    await panel.getByRole('searchbox', { name: '搜索聊天记录' }).press('Enter');
    const results = panel.getByRole('list', { name: '搜索结果' });
    await results.getByRole('button', { name: /李老师.*图书馆三楼自习室/ }).click();
    const log = student.getByRole('log', { name: '与 李老师 的消息' });
    const hit = log.locator('li.chat-message').filter({ hasText: '图书馆三楼自习室周末开放到晚上十点' });
    await hit.waitFor();
    await expect.poll(() => hit.evaluate((el) => el.classList.contains('chat-message-hit'))).toBe(true);
    // The messages around it are there too.
    await log.getByText('第1条日常消息', { exact: true }).waitFor();
    // A word nobody wrote finds nothing.
    await panel.getByRole('searchbox', { name: '搜索聊天记录' }).fill('量子力学');
    await panel.getByRole('searchbox', { name: '搜索聊天记录' }).press('Enter');
    await panel.getByText('没有找到相关聊天记录').waitFor();
  });
});
