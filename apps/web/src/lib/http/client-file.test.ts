import { STATUS_FAILURE } from '@portal/contracts/errors';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, fileNameOf } from './client.ts';
import { HttpError } from './errors.ts';
import { resetNotifyState, setNotifier } from './notify.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('http client: a call answered by a file (postForFile)', () => {
  const shown: string[] = [];
  beforeEach(() => {
    shown.length = 0;
    resetNotifyState();
    setNotifier({ error: (text) => shown.push(text), warning: (text) => shown.push(text) });
  });

  it('hands back the bytes and the file name of the Content-Disposition header', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('第18周 期末考试', {
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('课程 安排.txt')}`,
          },
        }),
    );
    const http = createHttpClient({
      baseUrl: '/api/blade-platform',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const file = await http.postForFile('/messageCenterHistoryMsg/downloadFile', { id: 'n1' });
    expect(file.fileName).toBe('课程 安排.txt');
    expect(file.blob.size).toBe(new TextEncoder().encode('第18周 期末考试').length);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/blade-platform/messageCenterHistoryMsg/downloadFile');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ id: 'n1' }) });
  });

  it('fails with the envelope when the server answers with one instead of a file', async () => {
    const deleted = createHttpClient({
      baseUrl: '',
      fetch: (async () =>
        json({ status: 1004, msg: '消息已被删除', msgDetail: '', result: null })) as unknown as typeof fetch,
    });
    const err = (await deleted
      .postForFile('/x', {}, { silent: true, rejectStatuses: [1004] })
      .catch((e: unknown) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 1004, msg: '消息已被删除' });
    // 1004 is an accepted status: without the whitelist it still is no file.
    const accepted = (await deleted.postForFile('/x', {}, { silent: true }).catch((e: unknown) => e)) as HttpError;
    expect(accepted).toMatchObject({ status: 1004, msg: '消息已被删除' });

    const missing = createHttpClient({
      baseUrl: '',
      fetch: (async () =>
        json({ status: 404, msg: '该消息没有附件', msgDetail: '', result: null }, 404)) as unknown as typeof fetch,
    });
    const notFound = (await missing.postForFile('/x', {}).catch((e: unknown) => e)) as HttpError;
    expect(notFound).toMatchObject({ status: STATUS_FAILURE, msg: '该消息没有附件' });
    expect(shown).toEqual(['该消息没有附件']);
  });

  it('reads both forms of the file name', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''%E9%80%9A%E7%9F%A5.pdf`)).toBe('通知.pdf');
    expect(fileNameOf('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
});
