import type { SchoolCalendar } from '@portal/contracts/personal';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ platformHttp: { get: vi.fn(), post: http.post } }));
const { CalendarEditor } = await import('./calendar-editor.tsx');

let calendar: SchoolCalendar;
beforeEach(() => {
  calendar = {
    schoolYear: '2026-2027',
    date: '2026-11-23',
    current: null,
    semesters: [
      {
        id: 's1',
        schoolYear: '2026-2027',
        term: 1,
        name: '2026-2027学年第一学期',
        startDate: '2026-09-07',
        endDate: '2027-01-17',
        weeks: 19,
      },
    ],
    events: [{ id: 'e1', name: '国庆节', kind: 'holiday', startDate: '2026-10-01', endDate: '2026-10-07' }],
    schoolYears: ['2026-2027'],
  };
  http.post.mockImplementation(async (path: string, body: Record<string, unknown>) => {
    if (path === '/scSemester/getSchoolCalendar') return { ...calendar, schoolYear: body.schoolYear };
    if (path === '/scSemester/event/save') {
      if (body.name === '坏数据') throw new Error('结束日期不能早于开始日期');
      const saved = {
        id: 'e2',
        name: body.name,
        kind: body.kind,
        startDate: body.startDate,
        endDate: body.endDate,
      } as SchoolCalendar['events'][number];
      calendar = { ...calendar, events: [...calendar.events, saved] };
      return saved;
    }
    if (path === '/scSemester/remove') {
      calendar = { ...calendar, semesters: calendar.semesters.filter((s) => s.id !== body.id) };
      return { id: body.id };
    }
    throw new Error(`unexpected POST ${path}`);
  });
});
afterEach(() => vi.clearAllMocks());

const renderEditor = (onClose = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <CalendarEditor open onClose={onClose} initialYear="2026-2027" years={['2026-2027']} />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );

/** The open dialog showing `text` (antd dialogs are not all named by their titles). */
const dialogWith = (text: string | RegExp) =>
  waitFor(() => {
    const d = screen.getAllByRole('dialog').find((x) => within(x).queryAllByText(text).length > 0);
    if (!d) throw new Error(`no dialog with ${String(text)}`);
    return d;
  });

describe('calendar editor', () => {
  it('adds an entry with labelled fields, keeps the form open when the server refuses, and offers the next school year', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect((await screen.findAllByText('2026-2027学年第一学期')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('国庆节').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: '添加安排' }));
    const form = await dialogWith('开始日期');
    // Saving empty says what is missing, without a call.
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('请填写名称')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalledWith('/scSemester/event/save', expect.anything());

    await user.type(within(form).getByLabelText('名称'), '坏数据');
    fireEvent.change(within(form).getByLabelText('开始日期'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(form).getByLabelText('结束日期'), { target: { value: '2026-12-01' } });
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/scSemester/event/save', expect.objectContaining({ name: '坏数据' })),
    );
    expect(within(form).getByLabelText('名称')).toBeTruthy();

    await user.clear(within(form).getByLabelText('名称'));
    await user.type(within(form).getByLabelText('名称'), '运动会');
    fireEvent.change(within(form).getByLabelText('结束日期'), { target: { value: '2026-12-11' } });
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/scSemester/event/save', {
        schoolYear: '2026-2027',
        kind: 'holiday',
        name: '运动会',
        startDate: '2026-12-10',
        endDate: '2026-12-11',
      }),
    );
    expect((await screen.findAllByText('运动会')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByLabelText('开始日期')).toBeNull());

    // The year list goes one year beyond the newest, to set up the next calendar.
    await user.click(screen.getByRole('combobox', { name: '学年' }));
    expect(await screen.findByTitle('2027-2028')).toBeTruthy();
  });

  it('deletes a semester after a confirmation', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: /删\s*除\s*2026-2027学年第一学期/ }));
    const confirm = await dialogWith('确定删除“2026-2027学年第一学期”吗？');
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/scSemester/remove', { id: 's1' }));
    await waitFor(() => expect(screen.queryAllByText('2026-2027学年第一学期')).toHaveLength(0));
  });
});
