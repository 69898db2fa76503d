import { PROGRESS_POLL_MS } from '@portal/contracts/constants';
import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/i18n.ts';

type Answer = { value?: object; error?: { status: number; msg: string; msgDetail: string } };
const api = vi.hoisted(() => ({ answers: [] as Answer[], calls: 0 }));
vi.mock('../api/transfer-urls.ts', () => ({
  getProgress: async () => {
    const a = api.answers[Math.min(api.calls++, api.answers.length - 1)]!;
    if (a.error) throw a.error;
    return a.value;
  },
  downloadFailedRows: async () => undefined,
}));

const { ProgressDialog } = await import('./progress-dialog.tsx');

const running = {
  finished: false,
  finishRate: 40,
  totalNum: 10,
  finishNum: 4,
  newInsertNum: 4,
  updateNum: 0,
  jumpNum: 0,
  failNum: 0,
  useTimeStr: '1秒',
  tryMathRemainTime: '2秒',
  status: 'running',
  successNum: 4,
  outcome: 'running',
  result: null,
  errorKey: null,
  errorMsg: null,
};
const done = {
  ...running,
  finished: true,
  finishRate: 100,
  finishNum: 10,
  newInsertNum: 9,
  failNum: 1,
  status: 'finished',
  successNum: 9,
  outcome: 'partial',
  errorKey: 'k1',
};

function show(onClose = vi.fn()) {
  render(
    <App>
      <ProgressDialog kind="import" urls={{} as never} jobKey="k1" onClose={onClose} />
    </App>,
  );
  return onClose;
}
const closeButton = () => screen.getByRole('button', { name: /关\s*闭/ });

describe('progress dialog (4.7, section 8)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.calls = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('polls every 3 s; close is disabled while running and enabled when finished, with the title', async () => {
    api.answers = [
      { value: running },
      { error: { status: 8010, msg: 'E-N00002Q：当前网络连接不稳定，请稍后再试', msgDetail: '' } },
      { value: done },
    ];
    show();
    expect(await screen.findByText('正在导入')).toBeTruthy();
    expect(closeButton()).toHaveProperty('disabled', true);
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS));
    expect(api.calls).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull(); // 8010 while polling is ignored
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS));
    // 9 rows in, 1 failed: not titled 导入成功, no green tick; a warning icon and both counts.
    expect(await screen.findByRole('dialog', { name: '部分导入成功：成功 9 条，失败 1 条' })).toBeTruthy();
    expect(screen.queryByText('导入成功')).toBeNull();
    expect(document.querySelector('.anticon-check-circle, .ant-progress-status-success')).toBeNull();
    expect(document.querySelector('.anticon-exclamation-circle')).toBeTruthy();
    expect(screen.getByText('新增 9 条，更新 0 条，跳过 0 条，失败 1 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载失败数据' })).toBeTruthy();
    expect(closeButton()).toHaveProperty('disabled', false);
  });

  it('titles an import by its outcome: every row in is 导入成功 with a tick, no row in is 导入失败 with the count', async () => {
    api.answers = [
      { value: { ...done, failNum: 0, newInsertNum: 10, successNum: 10, outcome: 'succeeded', errorKey: null } },
    ];
    show();
    expect(await screen.findByRole('dialog', { name: '导入成功' })).toBeTruthy();
    expect(document.querySelector('.anticon-check-circle')).toBeTruthy();
    cleanup();
    api.calls = 0;
    api.answers = [{ value: { ...done, failNum: 10, newInsertNum: 0, successNum: 0, outcome: 'failed' } }];
    show();
    expect(await screen.findByRole('dialog', { name: '导入失败：10 条全部失败' })).toBeTruthy();
    expect(document.querySelector('.anticon-close-circle')).toBeTruthy();
    expect(document.querySelector('.anticon-check-circle, .ant-progress-status-success')).toBeNull();
  });

  it('shows another failure as msg with its detail and enables close', async () => {
    api.answers = [{ error: { status: 8008, msg: '任务不存在或已过期', msgDetail: 'key k1' } }];
    show();
    expect(await screen.findByText('任务不存在或已过期')).toBeTruthy();
    expect(screen.getByText('key k1')).toBeTruthy();
    expect(screen.getByText('导入失败')).toBeTruthy();
    expect(closeButton()).toHaveProperty('disabled', false);
  });

  it('closes on 1002', async () => {
    api.answers = [{ error: { status: 1002, msg: '验签失败 服务器返回内容不可信。', msgDetail: '' } }];
    const onClose = show();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
