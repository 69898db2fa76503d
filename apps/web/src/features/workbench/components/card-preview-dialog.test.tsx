import type { CardService, CardView, NewsItem } from '@portal/contracts/workbench';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { CardBody } from './card-body.tsx';
import { CardPreviewDialog } from './card-preview-dialog.tsx';

const service = (i: number, extra: Partial<CardService> = {}): CardService => ({
  serviceId: `s${i}`,
  serviceName: `服务${i}`,
  serviceIcon: '',
  shelfLabelName: '',
  labelName: '',
  serviceDeptName: '教务处',
  serviceSceneName: '学习教学',
  visitCount: 10 - i,
  processType: 'ONLINE',
  hasGuide: false,
  accessWay: '1',
  openWay: '1003',
  serviceUrl: 'https://x',
  ...extra,
});

function view(partial: Partial<CardView>): CardView {
  return {
    id: 'c1',
    cardType: 'commonTools',
    basicConfig: { cardName: '常用工具', cardIntroduction: '', displayRows: 3 },
    dataSource: '',
    typeList: [],
    currentStatusBackgroundColor: [],
    otherInformationList: [],
    serviceIds: [],
    status: 1,
    roleIds: [],
    sort: 1,
    updatedAt: '',
    list: [],
    services: [],
    tools: [{ id: 't1', tools_icon: '', tools_name: '校历', tools_url: 'https://x', tools_type: '常用工具' }],
    news: [],
    ...partial,
  };
}

const wrap = (ui: React.ReactNode) =>
  render(
    <I18nProvider i18n={i18n}>
      <App>
        <MemoryRouter>{ui}</MemoryRouter>
      </App>
    </I18nProvider>,
  );

/** A to-do column of a card's view, its rows mapped by `mapping` (the title alone by default). */
const col = (
  id: string,
  name: string,
  result: Array<Record<string, unknown>>,
  mapping: Array<{ field: string; chineseName: string }> = [{ field: 'title', chineseName: '标题' }],
) => ({
  id,
  columnName: name,
  dataSource: 'todo' as const,
  todoNum: result.length,
  todoTypeName: '',
  todoTimeoutNum: 0,
  todoTimeoutName: '',
  num: result.length,
  result,
  cardMapping: mapping,
});

describe('card preview dialog (2.5, 4.5)', () => {
  it("is 1080 px wide, titled '{card name}-预览', and sizes the card for both tabs", async () => {
    const load = vi.fn(async () => view({}));
    wrap(<CardPreviewDialog visible cardId="c1" onClose={() => {}} load={load} />);
    expect(await screen.findByText('常用工具-预览')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('c1');
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('1080px');
    expect((await screen.findByTestId('preview-card-same')).style.width).toBe('657px');
    expect(screen.getByTestId('tools-body').style.height).toBe('258px');
    await userEvent.click(screen.getByRole('tab', { name: '不与消息卡片同页' }));
    const separate = await screen.findByTestId('preview-card-separate');
    expect(separate.style.marginRight).toBe('16px');
    expect(separate.style.width).toBe('');
  });

  it('uses a supplied config without a request, and resets the layout tab when hidden', async () => {
    const load = vi.fn(async () => view({}));
    const supplied = view({ basicConfig: { cardName: '给定配置', cardIntroduction: '', displayRows: 1 } });
    const ui = (visible: boolean) => (
      <I18nProvider i18n={i18n}>
        <App>
          <MemoryRouter>
            <CardPreviewDialog visible={visible} cardId="c1" config={supplied} onClose={() => {}} load={load} />
          </MemoryRouter>
        </App>
      </I18nProvider>
    );
    const r = render(ui(true));
    expect(await screen.findByText('给定配置-预览')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId('tools-body').style.height).toBe('180px');
    await userEvent.click(screen.getByRole('tab', { name: '不与消息卡片同页' }));
    expect(screen.getByRole('tab', { name: '不与消息卡片同页' }).getAttribute('aria-selected')).toBe('true');
    r.rerender(ui(false));
    r.rerender(ui(true));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '与消息卡片同页' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('shows the server message and closes when the load fails', async () => {
    const onClose = vi.fn();
    const load = vi.fn(async () => {
      throw new HttpError(404, '卡片不存在');
    });
    wrap(<CardPreviewDialog visible cardId="c1" onClose={onClose} load={load} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('卡片不存在')).toBeTruthy();
  });
});

describe('card bodies', () => {
  const now = Date.now();
  it('shows 99+ above 99 and the time-out count', () => {
    wrap(
      <CardBody
        layout="same"
        view={view({
          cardType: 'waitHandle',
          list: [
            {
              id: 'a',
              columnName: '请假审批',
              dataSource: 'todo',
              todoNum: 120,
              todoTypeName: '待办',
              todoTimeoutNum: 12,
              todoTimeoutName: '超时',
              num: 120,
              result: [],
              cardMapping: [],
            },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('todo-num').textContent).toBe('99+');
    expect(screen.getByText(/超时 12/)).toBeTruthy();
    expect(screen.queryByText(/待办较多/)).toBeNull();
  });

  it('flags a column whose to-do reminder threshold is reached', () => {
    wrap(
      <CardBody
        layout="same"
        view={view({
          cardType: 'waitHandle',
          list: [
            {
              id: 'a',
              columnName: '请假审批',
              dataSource: 'todo',
              todoNum: 120,
              todoTypeName: '待办',
              todoTimeoutNum: 0,
              todoTimeoutName: '超时',
              num: 120,
              result: [],
              cardMapping: [],
              remind: true,
            },
          ],
        })}
      />,
    );
    expect(screen.getByText(/待办较多，请及时处理/)).toBeTruthy();
  });

  it('highlights the top 3 recommendations with heat capped at 9999999+, and says 暂无推荐 when empty', () => {
    const r = wrap(
      <CardBody
        layout="same"
        view={view({
          cardType: 'recommend',
          services: [service(1, { visitCount: 12_000_000 }), service(2), service(3), service(4)],
        })}
      />,
    );
    expect(document.querySelectorAll('.wb-recommend-tile')).toHaveLength(3);
    expect(screen.getByText(/9999999\+/)).toBeTruthy();
    r.unmount();
    wrap(<CardBody layout="same" view={view({ cardType: 'recommend', services: [] })} />);
    expect(screen.getByText('暂无推荐')).toBeTruthy();
  });

  it('says 暂无推荐 for tools and 暂无数据 for common use when empty', () => {
    const r = wrap(<CardBody layout="same" view={view({ cardType: 'commonTools', tools: [] })} />);
    expect(screen.getByText('暂无推荐')).toBeTruthy();
    r.unmount();
    wrap(<CardBody layout="same" view={view({ cardType: 'commonUse', services: [] })} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows common use with offline/online buttons and the guide button', () => {
    wrap(
      <CardBody
        layout="separate"
        view={view({
          cardType: 'commonUse',
          services: [service(1, { processType: 'OFFLINE', hasGuide: true }), service(2), service(3), service(4)],
        })}
      />,
    );
    expect(document.querySelectorAll('.wb-use-big')).toHaveLength(2);
    expect(document.querySelectorAll('.wb-use-small')).toHaveLength(2);
    expect(screen.getByText('线下办理')).toBeTruthy();
    expect(screen.getAllByText('在线办理')).toHaveLength(3);
    expect(screen.getByText('办事指南')).toBeTruthy();
  });

  it('labels announcements 今天 / 昨天 / month-day, turns their carousel, and marks fresh news NEW', async () => {
    const item = (id: string, ms: number): NewsItem => ({
      id,
      title: `公告${id}`,
      fieldSet: '',
      releaseTime: new Date(ms).toISOString(),
      create_time: new Date(ms).toISOString(),
      important: id === 'a',
      url: '',
      category: '',
    });
    // Days in the tenant's zone (Asia/Shanghai), whatever the machine's zone and hour: noon on 23 November in
    // Beijing, and an item of 00:30 that day (16:30 UTC the day before).
    const noon = Date.parse('2026-11-23T12:00:00+08:00');
    const today = Date.parse('2026-11-23T00:30:00+08:00');
    const yesterday = today - 86_400_000;
    const older = today - 5 * 86_400_000;
    const r = wrap(
      <CardBody
        layout="same"
        now={noon}
        view={view({
          cardType: 'announcement',
          basicConfig: { cardName: 'x', cardIntroduction: '', displayRows: 3 },
          news: [item('a', today), item('b', yesterday), item('c', older)],
        })}
      />,
    );
    const labels = screen.getAllByTestId('announcement-date').map((e) => e.textContent);
    expect(labels[0]).toBe('今天');
    expect(labels[1]).toBe('昨天');
    expect(labels[2]).toMatch(/^\d\d-\d\d$/);
    // The carousel of the first three (plain, issue 10): one slide shown, labelled arrows and dots move it.
    const carousel = screen.getByRole('region', { name: 'x' });
    expect(within(carousel).getByRole('group', { name: '第 1 条，共 3 条' }).textContent).toBe('公告a');
    expect(within(carousel).getAllByRole('group')).toHaveLength(1);
    await userEvent.click(within(carousel).getByRole('button', { name: '下一条' }));
    expect(within(carousel).getByRole('group').textContent).toBe('公告b');
    await userEvent.click(within(carousel).getByRole('button', { name: '上一条' }));
    await userEvent.click(within(carousel).getByRole('button', { name: '上一条' }));
    expect(within(carousel).getByRole('group').textContent).toBe('公告c');
    const dot = within(carousel).getByRole('button', { name: '第 2 条，共 3 条' });
    await userEvent.click(dot);
    expect(within(carousel).getByRole('group').textContent).toBe('公告b');
    expect(dot.getAttribute('aria-current')).toBe('true');
    r.unmount();
    wrap(
      <CardBody
        layout="same"
        now={now}
        view={view({
          cardType: 'campusNews',
          basicConfig: { cardName: 'x', cardIntroduction: '', displayRows: 2 },
          list: [
            {
              id: 'n',
              columnName: '学校要闻',
              dataSource: 'news',
              todoNum: 0,
              todoTypeName: '',
              todoTimeoutNum: 0,
              todoTimeoutName: '',
              num: 2,
              result: [item('a', now - 3_600_000), item('b', now - 3 * 86_400_000)],
              cardMapping: [],
            },
          ],
        })}
      />,
    );
    expect(screen.getAllByText('NEW')).toHaveLength(1);
    expect(screen.getByText('重要')).toBeTruthy();
  });

  it('colours personal matters by status and gives the to-do table one tab per column', async () => {
    const r = wrap(
      <CardBody
        layout="same"
        view={view({
          cardType: 'personalMatters',
          currentStatusBackgroundColor: [{ typeName: '已通过', colorVal: '#52c41a' }],
          list: [
            col('m', '我的事项', [
              { id: '1', title: '在读证明开具', status: '已通过', createTime: '' },
              { id: '2', title: '宿舍报修', status: '未知', createTime: '' },
            ]),
          ],
        })}
      />,
    );
    const dots = [...document.querySelectorAll<HTMLElement>('.wb-dot')].map((d) => d.style.background);
    expect(dots[0]).toBe('rgb(82, 196, 26)');
    expect(dots[1]).toBe('rgb(140, 140, 140)');
    r.unmount();
    wrap(
      <CardBody
        layout="same"
        view={view({
          cardType: 'todoTable',
          list: [col('a', '待办', [{ id: 'x', title: '请假审批：第1号申请' }]), col('b', '已办', [])],
        })}
      />,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+/g, '').trim())).toEqual(['待办', '已办']);
    expect(screen.getByText('请假审批：第1号申请')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /已办/ }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows the favourites empty state with links to the service hall and the centers', () => {
    wrap(<CardBody layout="same" view={view({ cardType: 'myCollection', services: [] })} />);
    expect(screen.getByRole('link', { name: '服务大厅' }).getAttribute('href')).toBe('/home/serviceHall');
    expect(screen.getByRole('link', { name: '办事服务中心' }).getAttribute('href')).toBe('/home/processServiceCenter');
    expect(screen.getByRole('link', { name: '应用服务中心' }).getAttribute('href')).toBe(
      '/home/applicationServiceCenter',
    );
  });

  it('keeps Tab inside while open: Tab on its last control goes to its first (the close button), Shift+Tab back', async () => {
    wrap(
      <>
        <button type="button">页面上的按钮</button>
        <CardPreviewDialog visible cardId="c1" config={view({})} onClose={() => {}} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: '常用工具-预览' });
    await screen.findByTestId('preview-card-same');
    const close = within(dialog).getByRole('button', { name: /关闭|close/i });
    const controls = [...dialog.querySelectorAll<HTMLElement>('button, a[href], [tabindex="0"]')];
    const last = controls[controls.length - 1]!;
    expect(last).not.toBe(close);
    last.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it("gives a to-do's arrival as the tenant's day, not the UTC day", () => {
    // 06:00 on 30 November in Beijing is still 29 November in UTC; and a value that is no date is shown as it is.
    wrap(
      <CardBody
        layout="same"
        view={view({
          cardType: 'todoTable',
          list: [
            col(
              'a',
              '待办',
              [
                { id: 'x', title: '清晨的待办', createTime: '2026-11-29T22:00:00.000Z' },
                { id: 'y', title: '外部系统的待办', createTime: '待定' },
              ],
              [
                { field: 'title', chineseName: '标题' },
                { field: 'createTime', chineseName: '到达时间' },
              ],
            ),
          ],
        })}
      />,
    );
    expect(screen.getByText('2026-11-30')).toBeTruthy();
    expect(screen.queryByText('2026-11-29')).toBeNull();
    expect(screen.getByText('待定')).toBeTruthy();
  });
});
