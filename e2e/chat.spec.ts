import { CHAT_TEXTS } from '@portal/contracts/chat';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, seriousA11yViolations } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { storedSession } from './support/session.ts';

/** Issue 5: two people chat from the shell's panel; notices arrive and open from the bottom-right prompt. */
describe('messaging journeys (real server, Debian Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let studentContext: BrowserContext;
  let teacherContext: BrowserContext;
  let student: Page;
  let teacher: Page;

  const apiToken = async (account: string) => {
    const res = await fetch(`${server.url}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', tenantId: '000000', username: account, password: 'Demo@12345' }),
    });
    const body = (await res.json()) as { status: number; result: { access_token: string } };
    expect(body.status).toBe(1000);
    return body.result.access_token;
  };

  const openPanel = async (page: Page) => {
    await page.getByRole('button', { name: /^即时通讯/ }).click();
    const panel = page.getByRole('dialog', { name: '即时通讯' });
    await panel.waitFor({ state: 'visible' });
    return panel;
  };
  const STUDENT_ID = '1123598821738675203';
  const conversation = (page: Page, name: string) => page.getByRole('log', { name: `与 ${name} 的消息` });
  const ownMessage = (page: Page, peer: string, text: string) =>
    conversation(page, peer).locator('li.chat-message.own').filter({ hasText: text });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    studentContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    teacherContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    student = await studentContext.newPage();
    teacher = await teacherContext.newPage();
    await loginAs(student, server.url, 'student01');
    await loginAs(teacher, server.url, 'teacher01');
  });
  afterAll(async () => {
    await studentContext?.close();
    await teacherContext?.close();
    await browser?.close();
    await server?.stop();
  });

  it('student01 and teacher01 exchange messages and each sees the receipt', async () => {
    const teacherPanel = await openPanel(teacher);
    await teacherPanel.getByRole('combobox', { name: '搜索姓名或账号' }).click();
    await teacher.keyboard.type('student01');
    await teacher.locator('.ant-select-item-option:visible').filter({ hasText: '张同学' }).click();
    await conversation(teacher, '张同学').waitFor();
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).fill('张同学你好，请到办公室来一趟');
    await teacherPanel.getByRole('button', { name: /发\s*送$/ }).click();
    // Sending (1) → acknowledged (0); the student's page is connected, so it is delivered (receipt 26).
    await ownMessage(teacher, '张同学', '张同学你好').getByText('已送达').waitFor();

    // The student sees the unread badge, then the message.
    await student.getByRole('button', { name: /即时通讯 \d+ 条未读/ }).waitFor();
    const studentPanel = await openPanel(student);
    await studentPanel.getByRole('button', { name: /^李老师.*1 条未读$/ }).click();
    await expect.poll(() => studentPanel.getByRole('button', { name: /^李老师.*未读$/ }).count()).toBe(0);
    await conversation(student, '李老师').getByText('张同学你好，请到办公室来一趟').waitFor();
    // Issue 14: the student opened the conversation, so the teacher sees it read (a read marker, not a receipt).
    await ownMessage(teacher, '张同学', '张同学你好').getByText('已读', { exact: true }).waitFor();
    await studentPanel.getByRole('textbox', { name: '消息内容' }).fill('好的老师，马上到');
    // The input state (200) reaches the teacher while the student types.
    await teacher.getByRole('dialog', { name: '即时通讯' }).getByText('对方正在输入…').waitFor();
    await studentPanel.getByRole('textbox', { name: '消息内容' }).press('Enter');
    // The teacher has the conversation open: the reply is read at once.
    await ownMessage(student, '李老师', '好的老师，马上到').getByText('已读', { exact: true }).waitFor();
    await conversation(teacher, '张同学').getByText('好的老师，马上到').waitFor();
  });

  it('teacher01 revokes a message and it disappears for both', async () => {
    const teacherPanel = teacher.getByRole('dialog', { name: '即时通讯' });
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).fill('这条发错了');
    await teacherPanel.getByRole('button', { name: /发\s*送$/ }).click();
    await conversation(student, '李老师').getByText('这条发错了').waitFor();
    await ownMessage(teacher, '张同学', '这条发错了').getByRole('button', { name: '撤回 这条发错了' }).click();
    await conversation(teacher, '张同学').getByText('你撤回了一条消息').waitFor();
    await conversation(student, '李老师').getByText('李老师撤回了一条消息').waitFor();
    await expect(conversation(student, '李老师').getByText('这条发错了').count()).resolves.toBe(0);
    // The sender's copy stays beside its notice until the server has stored the revoke (the revoke's receipt), which
    // on a busy machine may come after the student's page heard of it: wait for it to go, rather than count at once.
    await conversation(teacher, '张同学').getByText('这条发错了').waitFor({ state: 'detached' });
  });

  it('teacher01 creates a group with student01 and the group message reaches the student', async () => {
    const teacherPanel = teacher.getByRole('dialog', { name: '即时通讯' });
    await teacherPanel.getByRole('button', { name: '发起群聊' }).click();
    const dialog = teacher.getByRole('dialog', { name: '发起群聊' });
    await dialog.getByLabel('群名称').fill('期末答疑群');
    await dialog.getByLabel('群成员').click();
    await teacher.keyboard.type('student01');
    await teacher.locator('.ant-select-item-option:visible').filter({ hasText: '张同学' }).click();
    await dialog.getByLabel('群名称').click();
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await conversation(teacher, '期末答疑群').waitFor();
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).fill('明天下午两点答疑');
    await teacherPanel.getByRole('button', { name: /发\s*送$/ }).click();
    await ownMessage(teacher, '期末答疑群', '明天下午两点答疑').getByText('已发送').waitFor();

    const studentPanel = student.getByRole('dialog', { name: '即时通讯' });
    await studentPanel.getByRole('button', { name: /^期末答疑群.*1 条未读$/ }).click();
    const message = conversation(student, '期末答疑群')
      .locator('li.chat-message')
      .filter({ hasText: '明天下午两点答疑' });
    await message.getByText('李老师').waitFor();
    // Issue 14: the one other member read it: read by 1 of 1, with who read it.
    await ownMessage(teacher, '期末答疑群', '明天下午两点答疑')
      .getByRole('button', { name: /^已读 1\/1/ })
      .waitFor();

    // The owner edits the members: adds the administrator, then removes him again.
    await teacherPanel.getByRole('button', { name: /群成员/ }).click();
    const members = teacher.getByRole('dialog', { name: '期末答疑群 的群成员' });
    const memberList = members.getByRole('list', { name: '群成员' });
    await memberList.getByText('张同学（张小华）').waitFor();
    await memberList.getByText('群主', { exact: true }).waitFor();
    await members.getByRole('combobox', { name: '添加成员' }).click();
    await teacher.keyboard.type('admin');
    await teacher.locator('.ant-select-item-option:visible').filter({ hasText: '系统管理员（admin）' }).click();
    await members.getByRole('button', { name: /^添\s*加$/ }).click();
    await memberList.getByText('系统管理员（管理员）').waitFor();
    await members.getByText('共 3 人').waitFor();
    await memberList.getByRole('button', { name: '移出 系统管理员' }).click();
    await teacher.getByRole('button', { name: /^移\s*出$/ }).click();
    await members.getByText('共 2 人').waitFor();
    await expect(memberList.getByText('系统管理员（管理员）').count()).resolves.toBe(0);
    // A member who is not the owner only sees the list.
    await studentPanel.getByRole('button', { name: /群成员/ }).click();
    const studentMembers = student.getByRole('dialog', { name: '期末答疑群 的群成员' });
    await studentMembers.getByText('只有群主可以添加或移出成员').waitFor();
    await expect(studentMembers.getByRole('button', { name: /^移出 / }).count()).resolves.toBe(0);
    await studentMembers.locator('.ant-modal-close').click();
    await members.locator('.ant-modal-close').click();
    await members.waitFor({ state: 'hidden' });
    await studentMembers.waitFor({ state: 'hidden' });

    // Back to the one-to-one conversations for the next journeys.
    await studentPanel.getByRole('button', { name: /^李老师/ }).click();
    await teacherPanel.getByRole('button', { name: /^张同学/ }).click();
  });

  it('teacher01 renames a group and student01 sees the new name without reload; the dissolved group leaves the student’s list', async () => {
    const teacherPanel = teacher.getByRole('dialog', { name: '即时通讯' });
    const studentPanel = student.getByRole('dialog', { name: '即时通讯' });
    await teacherPanel.getByRole('button', { name: '发起群聊' }).click();
    const create = teacher.getByRole('dialog', { name: '发起群聊' });
    await create.getByLabel('群名称').fill('临时讨论组');
    await create.getByLabel('群成员').click();
    await teacher.keyboard.type('student01');
    await teacher.locator('.ant-select-item-option:visible').filter({ hasText: '张同学' }).click();
    await create.getByLabel('群名称').click();
    await create.getByRole('button', { name: /创\s*建/ }).click();
    await conversation(teacher, '临时讨论组').waitFor();
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).fill('讨论组开张了');
    await teacherPanel.getByRole('button', { name: /发\s*送$/ }).click();
    // The student has the group in the list, and opens it.
    await studentPanel.getByRole('button', { name: /^临时讨论组/ }).click();
    await conversation(student, '临时讨论组').getByText('讨论组开张了').waitFor();

    // The owner renames it from the group dialog.
    await teacherPanel.getByRole('button', { name: /群成员/ }).click();
    const members = teacher.getByRole('dialog', { name: '临时讨论组 的群成员' });

    // The owner sets an announcement in the group dialog (a labelled textarea with a counter; axe-clean while editing).
    const notice = members.getByRole('region', { name: '群公告' });
    await notice.getByText('暂无群公告').waitFor();
    await notice.getByRole('button', { name: /编辑群公告/ }).click();
    await notice.getByRole('textbox', { name: '群公告内容' }).fill('本周五下午三点在 A101 集中答疑\n请带好草稿纸');
    await notice.getByText('25 / 500').waitFor();
    expect(JSON.stringify(await seriousA11yViolations(teacher, '.ant-modal-wrap'))).toBe('[]');
    await notice.getByRole('button', { name: /保\s*存/ }).click();
    await notice.getByText(/^李老师 发布于 /).waitFor();

    // The student, with the group open, sees it above the conversation at once, without a reload.
    const banner = studentPanel.getByRole('region', { name: '群公告' });
    await banner.getByText(/^本周五下午三点在 A101 集中答疑\s+请带好草稿纸$/).waitFor();
    await banner.getByText(/^李老师 发布于 /).waitFor();
    expect(JSON.stringify(await seriousA11yViolations(student, '.ant-drawer'))).toBe('[]');
    // Closed from the keyboard, it stays closed in this session; the group dialog still has it.
    await banner.getByRole('button', { name: '关闭群公告' }).focus();
    await student.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    await conversation(student, '临时讨论组').getByText('讨论组开张了').waitFor();

    const settings = members.getByRole('region', { name: '群设置' });
    await settings.getByRole('button', { name: /重命名/ }).click();
    // The owner's settings are labelled and pass axe with the rename form open.
    await settings.getByRole('textbox', { name: '新群名称' }).waitFor();
    expect(JSON.stringify(await seriousA11yViolations(teacher, '.ant-modal-wrap'))).toBe('[]');
    await settings.getByRole('textbox', { name: '新群名称' }).fill('期末冲刺小组');
    await settings.getByRole('button', { name: /保\s*存/ }).click();
    await teacher.getByRole('dialog', { name: '期末冲刺小组 的群成员' }).waitFor();
    await teacherPanel.getByRole('button', { name: /^期末冲刺小组/ }).waitFor();

    // The student's list and open conversation take the new name at once, without a reload.
    await studentPanel.getByRole('button', { name: /^期末冲刺小组/ }).waitFor();
    await expect(studentPanel.getByRole('button', { name: /^临时讨论组/ }).count()).resolves.toBe(0);
    await conversation(student, '期末冲刺小组').getByText('讨论组开张了').waitFor();

    // The owner dissolves it, after a confirmation.
    const renamed = teacher.getByRole('dialog', { name: '期末冲刺小组 的群成员' });
    await renamed
      .getByRole('region', { name: '群设置' })
      .getByRole('button', { name: /解散群聊/ })
      .click();
    await teacher
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /解散群聊/ })
      .click();
    await renamed.waitFor({ state: 'hidden' });
    await expect.poll(() => teacherPanel.getByRole('button', { name: /^期末冲刺小组/ }).count()).toBe(0);
    await teacher.getByText('群聊已解散', { exact: true }).waitFor();
    await expect(teacher.getByText(CHAT_TEXTS.groupDissolved, { exact: true }).count()).resolves.toBe(0);

    // It leaves the student's list at once; the conversation on screen closes, and the student is told why.
    await student.getByText('群聊「期末冲刺小组」已解散').waitFor();
    await expect.poll(() => studentPanel.getByRole('button', { name: /^期末冲刺小组/ }).count()).toBe(0);
    await studentPanel.getByText('请选择一个会话').waitFor();

    // Back to the one-to-one conversations for the next journeys.
    await studentPanel.getByRole('button', { name: /^李老师/ }).click();
    await teacherPanel.getByRole('button', { name: /^张同学/ }).click();
  });

  it('sends a file that the other side can download, and an image that opens in the viewer', async () => {
    const teacherPanel = teacher.getByRole('dialog', { name: '即时通讯' });
    await teacherPanel
      .getByTestId('chat-file-input')
      .setInputFiles({ name: '课程安排.txt', mimeType: 'text/plain', buffer: Buffer.from('第18周 期末考试') });
    await ownMessage(teacher, '张同学', '课程安排.txt')
      .getByText(/^(已送达|已读)$/)
      .waitFor();
    const fileMessage = conversation(student, '李老师').locator('li.chat-message').filter({ hasText: '课程安排.txt' });
    const [download] = await Promise.all([
      student.waitForEvent('download'),
      fileMessage.getByRole('button', { name: '下载 课程安排.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('课程安排.txt');

    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await teacherPanel
      .getByTestId('chat-image-input')
      .setInputFiles({ name: '通知截图.png', mimeType: 'image/png', buffer: png });
    const image = conversation(student, '李老师').getByRole('button', { name: '图片预览 通知截图.png' });
    await image.waitFor();
    await image.click();
    const viewer = student.getByRole('dialog', { name: '图片预览' });
    await viewer.getByRole('img', { name: '通知截图.png' }).waitFor();
    await viewer.getByText('100%').waitFor();
    await viewer.getByRole('button', { name: '放大' }).click();
    await viewer.getByText('120%').waitFor();
    await viewer.getByRole('button', { name: '旋转' }).click();
    await expect(
      viewer.getByRole('img', { name: '通知截图.png' }).evaluate((el) => (el as HTMLElement).style.transform),
    ).resolves.toBe('scale(1.2) rotate(90deg)');
    await viewer.locator('.ant-modal-close').click();
    await viewer.waitFor({ state: 'hidden' });
  });

  it('after a page reload the conversation comes back from the server history, with receipts and revokes', async () => {
    // The page kept its chat records for the session, under the user's id.
    const records = async (page: Page) =>
      ((await storedSession(page))?.chatRecords ?? {}) as Record<string, { conversations: Array<{ name: string }> }>;
    await expect
      .poll(async () => (await records(student))[STUDENT_ID]?.conversations.map((c) => c.name) ?? [], {
        timeout: 5_000,
      })
      .toContain('李老师');

    await student.reload();
    const panel = await openPanel(student);
    await panel.getByRole('button', { name: /^李老师/ }).click();
    const log = conversation(student, '李老师');
    await log.getByText('张同学你好，请到办公室来一趟').waitFor();
    // Own messages: acknowledged, and read (the teacher had it open) as the server recorded it.
    await ownMessage(student, '李老师', '好的老师，马上到').getByText('已读', { exact: true }).waitFor();
    await log.getByText('李老师撤回了一条消息').waitFor();
    await expect(log.getByText('这条发错了').count()).resolves.toBe(0);
    await log
      .locator('li.chat-message')
      .filter({ hasText: '课程安排.txt' })
      .getByRole('button', { name: '下载 课程安排.txt' })
      .waitFor();
    await log.getByRole('button', { name: '图片预览 通知截图.png' }).waitFor();
    // Each message once, even though the records and the server history both had it.
    await expect(log.getByText('张同学你好，请到办公室来一趟').count()).resolves.toBe(1);

    // The other side too: the teacher's reloaded page shows the student's reply as received.
    await teacher.reload();
    const teacherPanel = await openPanel(teacher);
    await teacherPanel.getByRole('button', { name: /^张同学/ }).click();
    await conversation(teacher, '张同学').getByText('好的老师，马上到').waitFor();
    await ownMessage(teacher, '张同学', '课程安排.txt')
      .getByText(/^(已送达|已读)$/)
      .waitFor();
    await ownMessage(teacher, '张同学', '张同学你好').getByText('已读', { exact: true }).waitFor();
  });

  it('has no serious accessibility violation with the chat panel open', async () => {
    await student.getByRole('dialog', { name: '即时通讯' }).waitFor();
    // The panel itself (the page behind it belongs to other journeys).
    expect(JSON.stringify(await seriousA11yViolations(student, '.ant-drawer'))).toBe('[]');
  });

  it('student01 gets an important notice in real time and opens it from the bottom-right prompt', async () => {
    await student.getByRole('dialog', { name: '即时通讯' }).locator('.ant-drawer-close').click();
    await student.getByRole('dialog', { name: '即时通讯' }).waitFor({ state: 'hidden' });
    const prompt = student.getByRole('complementary', { name: '未读重要通知' });
    await prompt.waitFor();
    // The administrator publishes an important notice; it reaches the open page over the chat socket.
    const admin = await apiToken('admin');
    const title = '关于寒假离校安全检查的紧急通知';
    const res = await fetch(`${server.url}/api/blade-platform/app/msg/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        mpId: '000000-mp-xgc',
        title,
        summary: '请各位同学离校前完成宿舍安全自查。',
        body: '<p>请各位同学离校前关闭门窗、断开电源。</p>',
        important: true,
        fieldSet: '安全通知',
      }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(1000);
    const noticeButton = prompt.getByRole('button', { name: title });
    await noticeButton.waitFor();
    // Announced once by its title, not by the page counter ("1 / 3").
    await student
      .getByRole('status')
      .filter({ hasText: `新的重要通知：${title}` })
      .waitFor({ state: 'attached' });
    expect(await prompt.locator('[aria-live]').count()).toBe(0);
    expect(JSON.stringify(await seriousA11yViolations(student, '.notice-prompt'))).toBe('[]');

    // A portal notice opens in this tab (ADR 0073), its heading focused; back returns to the home page.
    await noticeButton.click();
    await student.waitForURL(/\/generalDetailsTow\?id=/);
    await student.getByRole('heading', { name: title }).waitFor();
    await student.getByText('请各位同学离校前关闭门窗、断开电源。').waitFor();
    expect(JSON.stringify(await seriousA11yViolations(student))).toBe('[]');
    await student.goBack();
    await student.waitForURL(/\/home\/homePage/);
    // Read now: the prompt moves on to the other unread important notices.
    await expect.poll(async () => prompt.getByRole('button', { name: title }).count(), { timeout: 10_000 }).toBe(0);
  });

  it('opens the deleted page for a notice the administrator removed', async () => {
    const admin = await apiToken('admin');
    const prompt = student.getByRole('complementary', { name: '未读重要通知' });
    const first = (await prompt.locator('.notice-prompt-title').textContent())!;
    const list = (await (
      await fetch(`${server.url}/api/online-service-platform/homePage/getIsShowMsg`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await apiToken('student01')}` },
      })
    ).json()) as { result: { list: Array<{ id: string; title: string }> } };
    const id = list.result.list.find((n) => n.title === first)!.id;
    const removed = await fetch(`${server.url}/api/blade-platform/app/msg/remove`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ id }),
    });
    expect(((await removed.json()) as { status: number }).status).toBe(1000);
    await prompt.getByRole('button', { name: first }).click();
    await student.waitForURL(/\/deleteNoPag/);
    await student.getByRole('heading', { name: '消息已被删除' }).waitFor();
  });
  it('the robot assistant greets, answers from the FAQ and records that the answer solved it', async () => {
    await student.goto(`${server.url}/home/homePage`);
    const studentPanel = await openPanel(student);
    await studentPanel.getByRole('button', { name: /智能助手/ }).click();
    const robot = student.getByRole('dialog', { name: '小助手' });
    await robot.getByText('您好，我是示例大学网上办事小助手').waitFor();
    await robot.getByRole('textbox', { name: '请输入您的问题' }).fill('校园卡丢了怎么办');
    await robot.getByRole('button', { name: /提\s*问/ }).click();
    await robot.getByText(/立即挂失/).waitFor();
    await robot.getByRole('button', { name: /已解决/ }).click();
    await robot.getByText('感谢您的反馈').waitFor();
    // A question the FAQ cannot answer: recorded for the administrators, with feedback whose progress the user can follow.
    await robot.getByRole('textbox', { name: '请输入您的问题' }).fill('火星基地的食堂几点开门');
    await robot.getByRole('button', { name: /提\s*问/ }).click();
    await robot.getByText('抱歉，暂时没有找到相关答案').waitFor();
    await robot.getByRole('button', { name: '留言反馈' }).click();
    await robot.getByLabel('补充说明').fill('希望补充食堂开放时间');
    await robot.getByRole('button', { name: /提交反馈/ }).click();
    await robot.getByText('反馈已提交').waitFor();
    await robot.getByRole('tab', { name: '我的反馈' }).click();
    await robot.getByText('火星基地的食堂几点开门').last().waitFor();
    await robot.getByText('待处理', { exact: true }).waitFor();
    expect(JSON.stringify(await seriousA11yViolations(student, '.ant-modal-wrap'))).toBe('[]');
    await robot.locator('.ant-modal-close').click();
    await robot.waitFor({ state: 'hidden' });
  });

  it("student01 reads a public account's messages page by page and downloads an attachment from the message center", async () => {
    // The administrator publishes a notice with an attachment from 学生工作处.
    const admin = await apiToken('admin');
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7 离校安全检查表']), '离校安全检查表.pdf');
    const uploaded = (await (
      await fetch(`${server.url}/api/chat/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      })
    ).json()) as {
      status: number;
      result: { objectId: string };
    };
    expect(uploaded.status).toBe(1000);
    const title = '寒假离校安全检查表下载';
    const sent = await fetch(`${server.url}/api/blade-platform/app/msg/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        mpId: '000000-mp-xgc',
        title,
        summary: '请下载附件并在离校前交给辅导员。',
        fileId: uploaded.result.objectId,
        fieldSet: '学生事务',
      }),
    });
    expect(((await sent.json()) as { status: number }).status).toBe(1000);

    const panel = student.getByRole('dialog', { name: '即时通讯' });
    await panel.getByRole('tab', { name: /公众号/ }).click();
    const accounts = panel.getByRole('list', { name: '公众号列表' });
    await accounts.getByRole('button', { name: /^教务处/ }).waitFor();
    await accounts.getByRole('button', { name: /^学生工作处.*寒假离校安全检查表下载.*条未读$/ }).click();
    const messages = panel.getByRole('region', { name: '学生工作处 的消息' });
    const withFile = messages.getByRole('article', { name: title });
    await withFile.waitFor();
    await messages.getByRole('article', { name: '关于寒假离校安全检查的紧急通知' }).getByText('已读').waitFor();
    await messages.getByRole('article', { name: '2026年度国家奖学金评审结果公示' }).waitFor();
    // Opening the account read its notices.
    await expect.poll(() => accounts.getByRole('button', { name: /^学生工作处.*未读$/ }).count()).toBe(0);

    const [download] = await Promise.all([
      student.waitForEvent('download'),
      withFile.getByRole('button', { name: '下载附件 离校安全检查表.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('离校安全检查表.pdf');
    expect(JSON.stringify(await seriousA11yViolations(student, '.ant-drawer'))).toBe('[]');
    await panel.getByRole('tab', { name: /消息/ }).click();
  });

  it('two tabs of one browser share one chat socket: both receive, unread counts follow, no conflict; a second browser of the same kind still ends the first (issue 14)', async () => {
    // The first tab, freshly loaded, and a second tab of the same browser (context).
    await student.goto(`${server.url}/home/homePage`);
    const firstPanel = await openPanel(student);
    await firstPanel.getByRole('button', { name: /^李老师/ }).waitFor();
    const second = await studentContext.newPage();
    await second.goto(`${server.url}/home/homePage`);
    const secondPanel = await openPanel(second);
    await secondPanel.getByRole('button', { name: /^李老师/ }).waitFor();

    const teacherPanel = teacher.getByRole('dialog', { name: '即时通讯' });
    await teacherPanel.getByRole('button', { name: /^张同学/ }).click();
    await teacherPanel.getByRole('textbox', { name: '消息内容' }).fill('两个标签页都能收到');
    await teacherPanel.getByRole('button', { name: /发\s*送$/ }).click();
    // Both tabs receive it (one socket, relayed), and count it unread.
    for (const panel of [firstPanel, secondPanel])
      await panel.getByRole('button', { name: /^李老师.*两个标签页都能收到.*1 条未读$/ }).waitFor();
    // Read in the second tab: the first tab's count follows, and the teacher sees it read.
    await secondPanel.getByRole('button', { name: /^李老师.*1 条未读$/ }).click();
    await conversation(second, '李老师').getByText('两个标签页都能收到').waitFor();
    await expect.poll(() => firstPanel.getByRole('button', { name: /^李老师.*未读$/ }).count()).toBe(0);
    await ownMessage(teacher, '张同学', '两个标签页都能收到').getByText('已读', { exact: true }).waitFor();
    // The second tab sends through the shared socket; the first tab shows it too.
    await secondPanel.getByRole('textbox', { name: '消息内容' }).fill('第二个标签页的回复');
    await secondPanel.getByRole('button', { name: /发\s*送$/ }).click();
    await ownMessage(second, '李老师', '第二个标签页的回复')
      .getByText(/^(已送达|已读)$/)
      .waitFor();
    await conversation(teacher, '张同学').getByText('第二个标签页的回复').waitFor();
    await firstPanel.getByRole('button', { name: /^李老师.*第二个标签页的回复/ }).waitFor();
    await expect(student.getByText('您的账号已在其他设备登录').count()).resolves.toBe(0);
    await expect(second.getByText('您的账号已在其他设备登录').count()).resolves.toBe(0);

    // Another browser of the same kind logs in: both tabs of the first are told, and do not reconnect.
    const otherBrowser = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    const elsewhere = await otherBrowser.newPage();
    await loginAs(elsewhere, server.url, 'student01');
    await student.getByText('您的账号已在其他设备登录').first().waitFor();
    await second.getByText('您的账号已在其他设备登录').first().waitFor();
    // The replaced tabs do not reconnect (which would in turn replace the new one): the new browser stays connected.
    await elsewhere.waitForTimeout(2500);
    const elsewherePanel = await openPanel(elsewhere);
    await elsewherePanel.getByRole('button', { name: /教务处/ }).waitFor();
    await expect(elsewhere.getByText('您的账号已在其他设备登录').count()).resolves.toBe(0);
    await second.close();
    await otherBrowser.close();
  });
  it('a message sent while the connection is down is queued and goes out once, after the reconnect', async () => {
    // Another browser of the teacher's (the tabs of one browser share the socket, which opened before the route).
    const routes: Array<import('playwright-core').WebSocketRoute> = [];
    const routed = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    await routed.routeWebSocket(/\/api\/chat\/ws/, (ws) => {
      ws.connectToServer();
      routes.push(ws);
    });
    const page = await routed.newPage();
    await loginAs(page, server.url, 'teacher01');
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: /^张同学/ }).click();
    await conversation(page, '张同学').getByText('好的老师，马上到').waitFor();
    await expect.poll(() => routes.length).toBe(1);

    // The network drops: the page sees its socket close and shows it is reconnecting.
    await routes[0]!.close({ code: 4000, reason: 'network flap' });
    await panel.getByText('连接已断开，正在重新连接…').waitFor();
    await panel.getByRole('textbox', { name: '消息内容' }).fill('断网时发的消息');
    await panel.getByRole('button', { name: /发\s*送$/ }).click();
    await ownMessage(page, '张同学', '断网时发的消息')
      .getByText(/已发送|已送达|已读/)
      .waitFor();
    expect(routes.length).toBe(2);

    // Stored once.
    const token = await apiToken('student01');
    const history = (await (
      await fetch(`${server.url}/api/chat/history`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ peerId: '1123598821738675202', pageSize: 100 }),
      })
    ).json()) as { result: { records: Array<{ message: { content: string } }> } };
    expect(history.result.records.filter((r) => r.message.content === '断网时发的消息')).toHaveLength(1);
    await routed.close();
  });

  it('logout clears the chat records kept for the session; the next login fetches the conversations again', async () => {
    const chatRecords = async () => (await storedSession(student))?.chatRecords ?? null;
    await student.goto(`${server.url}/home/homePage`);
    await expect.poll(async () => Object.keys((await chatRecords()) ?? {}), { timeout: 5_000 }).toEqual([STUDENT_ID]);
    await student.getByRole('button', { name: '张同学 用户菜单' }).click();
    await student.getByRole('menuitem', { name: /退出登录/ }).click();
    await student.waitForURL(/\/login/);
    // The login page forgets the session once it shows (issue 16), and the chat records with it.
    await expect.poll(chatRecords, { timeout: 5_000 }).toEqual({});

    await loginAs(student, server.url, 'student01');
    const panel = await openPanel(student);
    await panel.getByRole('button', { name: /^李老师/ }).click();
    await conversation(student, '李老师').getByText('张同学你好，请到办公室来一趟').waitFor();
  });
});
