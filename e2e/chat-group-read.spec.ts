import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 14 in a group of four (three real browsers and student02, who never opens it): the group is in every
 * member's list as soon as it is created, the owner @-mentions a member with the picker, and the owner's message shows
 * how many of the three other members read it (已读 N/3, with who has and who has not) as each opens the group.
 */
describe('group chat across three users (real server, Debian Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let teacher: Page;
  let student: Page;
  let admin: Page;

  const page = async (account: string) => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    const p = await context.newPage();
    await loginAs(p, server.url, account);
    return p;
  };
  const openPanel = async (p: Page) => {
    await p.getByRole('button', { name: /^即时通讯/ }).click();
    const panel = p.getByRole('dialog', { name: '即时通讯' });
    await panel.waitFor({ state: 'visible' });
    return panel;
  };
  const conversation = (p: Page, name: string) => p.getByRole('log', { name: `与 ${name} 的消息` });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    [teacher, student, admin] = await Promise.all([page('teacher01'), page('student01'), page('admin')]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('a new group of four is in the members’ lists at once; a mention by the picker; read by 1, then 2 of 3 as members open it, with who has not', async () => {
    const [teacherPanel, studentPanel, adminPanel] = await Promise.all([
      openPanel(teacher),
      openPanel(student),
      openPanel(admin),
    ]);

    // The teacher creates the group; the others' lists show it before anyone writes in it.
    await teacherPanel.getByRole('button', { name: '发起群聊' }).click();
    const dialog = teacher.getByRole('dialog', { name: '发起群聊' });
    await dialog.getByLabel('群名称').fill('课题组');
    await dialog.getByLabel('群成员').click();
    for (const name of ['张同学', '系统管理员', '王同学']) {
      await teacher.keyboard.type(name);
      await teacher.locator('.ant-select-item-option:visible').filter({ hasText: name }).click();
    }
    await dialog.getByLabel('群名称').click();
    await dialog.getByRole('button', { name: /创\s*建|确\s*定/ }).click();
    await conversation(teacher, '课题组').waitFor();
    await studentPanel.getByRole('button', { name: /^课题组/ }).waitFor();
    await adminPanel.getByRole('button', { name: /^课题组/ }).waitFor();

    // @ opens the picker of the members; the keyboard picks 张同学, Enter then sends.
    const box = teacherPanel.getByRole('textbox', { name: '消息内容' });
    await box.click();
    await box.pressSequentially('@');
    const menu = teacher.locator('.ant-mentions-dropdown-menu');
    await menu.getByText('张同学').waitFor();
    // Arrow keys move through the members until 张同学 is the active one; Enter picks it (and sends nothing).
    for (let i = 0; i < 3; i++) {
      if (((await menu.locator('.ant-mentions-dropdown-menu-item-active').textContent()) ?? '').includes('张同学'))
        break;
      await box.press('ArrowDown');
    }
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('@张同学 ');
    await box.pressSequentially('请把周报发到群里');
    await box.press('Enter');
    const own = conversation(teacher, '课题组').locator('li.chat-message.own').filter({ hasText: '请把周报发到群里' });
    // Stored (receipt 25); nobody has read it yet.
    await own.getByText('已发送', { exact: true }).waitFor();

    // The student is mentioned: the list says so, the message marks it; opening the group reads it: 1 of 3.
    await studentPanel.getByRole('button', { name: /^课题组.*\[有人@我\].*1 条未读$/ }).click();
    const mentioned = conversation(student, '课题组').locator('li.chat-message.mentions-me');
    await mentioned.getByText('提到了你').waitFor();
    await expect(mentioned.locator('mark.chat-mention-me').textContent()).resolves.toBe('@张同学');
    await own.getByRole('button', { name: /^已读 1\/3/ }).waitFor();

    // The administrator opens it too: 2 of 3; the sender sees who has read it and who (王同学, student02) has not.
    await adminPanel.getByRole('button', { name: /^课题组.*1 条未读$/ }).click();
    await conversation(admin, '课题组').getByText('请把周报发到群里').waitFor();
    await own.getByRole('button', { name: /^已读 2\/3/ }).click();
    const readers = teacher.getByTestId('readers-list');
    await readers.getByText('已读（2）').waitFor();
    await expect(readers.getByText('张同学').count()).resolves.toBe(1);
    await expect(readers.getByText('系统管理员').count()).resolves.toBe(1);
    await readers.getByText('未读（1）').waitFor();
    await expect(readers.getByText('王同学').count()).resolves.toBe(1);
  });

  it('a one-to-one partner shows online while a device of theirs is connected, and offline as soon as the last one goes', async () => {
    const teacherPanel = teacher.getByRole('dialog', { name: '即时通讯' });
    await teacherPanel.getByRole('combobox', { name: '搜索姓名或账号' }).click();
    await teacher.keyboard.type('student01');
    await teacher.locator('.ant-select-item-option:visible').filter({ hasText: '张同学' }).click();
    await conversation(teacher, '张同学').waitFor();
    const header = teacherPanel.getByRole('region', { name: '与 张同学 的消息' }).getByRole('status');
    await header.getByText('在线', { exact: true }).waitFor();
    // They chat (the server tells a user's coming and going to the people they chat with).
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).fill('在吗？');
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).press('Enter');
    await student
      .getByRole('dialog', { name: '即时通讯' })
      .getByRole('button', { name: /^李老师.*1 条未读$/ })
      .click();
    await conversation(student, '李老师').getByText('在吗？').waitFor();
    // The student's browser closes: the teacher sees it at once, without asking again.
    await contexts[1]!.close();
    await header.getByText('离线', { exact: true }).waitFor();
  });
});
