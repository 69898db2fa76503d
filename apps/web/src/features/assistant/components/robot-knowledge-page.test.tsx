import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ platformHttp: http, chatHttp: http }));

const { RobotKnowledgePage } = await import('./robot-knowledge-page.tsx');

const entry = {
  id: 'f1',
  question: '校园卡丢失了怎么挂失？',
  answer: '立即挂失。',
  keywords: '校园卡 挂失',
  synonyms: '饭卡丢了怎么办\n一卡通不见了',
  url: '',
  sceneId: 's-card',
  sceneName: '校园卡',
  enabled: true,
  hits: 12,
  updatedAt: '2026-11-23T08:00:00Z',
};

describe('the robot knowledge page (issue 14)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    http.post.mockReset();
    http.get.mockReset();
    http.get.mockImplementation(async (path: string) => {
      if (path === '/questionScene/selectList')
        return [
          { dictKey: 's-card', dictValue: '校园卡' },
          { dictKey: 's-logistics', dictValue: '后勤服务' },
        ];
      throw new Error(path);
    });
    http.post.mockImplementation(async (path: string) => {
      if (path === '/aiquestion/knowledge/page') return { records: [entry], total: 1, size: 10, current: 1, pages: 1 };
      if (path === '/aiquestion/knowledge/save') return { id: 'f2' };
      if (path === '/aiquestion/knowledge/enable' || path === '/aiquestion/knowledge/remove') return null;
      throw new Error(path);
    });
  });

  const show = (url = '/home/robotKnowledgeConfig') =>
    render(
      <MemoryRouter initialEntries={[url]}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <I18nProvider i18n={i18n}>
            <App>
              <RobotKnowledgePage />
            </App>
          </I18nProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );

  it(
    'answers a question of the unanswered list in one step: the form opens with it, and the entry names it',
    { timeout: 60_000 },
    async () => {
      show(`/home/robotKnowledgeConfig?${new URLSearchParams({ fromQuestion: 'q7', question: '体育馆周末几点开放' })}`);
      const dialog = await screen.findByRole('dialog');
      expect((within(dialog).getByLabelText('问题') as HTMLInputElement).value).toBe('体育馆周末几点开放');
      fireEvent.change(within(dialog).getByLabelText('答案'), { target: { value: '周末 8:00-21:30 开放。' } });
      await waitFor(() => expect(http.get).toHaveBeenCalledWith('/questionScene/selectList'));
      await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() =>
        expect(http.post).toHaveBeenCalledWith(
          '/aiquestion/knowledge/save',
          expect.objectContaining({ question: '体育馆周末几点开放', fromQuestionId: 'q7' }),
        ),
      );
    },
  );

  it(
    'lists entries with their other wordings, adds one, turns one off and deletes one',
    { timeout: 60_000 },
    async () => {
      show();
      const line = (await screen.findByText('校园卡丢失了怎么挂失？')).closest('tr')!;
      expect(within(line).getByText('饭卡丢了怎么办、一卡通不见了')).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: /新增问答/ }));
      // (Ant Design names every dialog title 'test-id' under test, so the dialog is found by role and its title.)
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('新增问答');
      fireEvent.change(within(dialog).getByLabelText('问题'), { target: { value: '体育馆开放时间是什么时候？' } });
      fireEvent.change(within(dialog).getByLabelText('答案'), { target: { value: '周末 8:00-21:30 开放。' } });
      fireEvent.change(within(dialog).getByLabelText('同义问法'), { target: { value: '健身房几点开门' } });
      await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() =>
        expect(http.post).toHaveBeenCalledWith(
          '/aiquestion/knowledge/save',
          expect.objectContaining({
            question: '体育馆开放时间是什么时候？',
            answer: '周末 8:00-21:30 开放。',
            synonyms: '健身房几点开门',
            sceneId: 's-card',
            enabled: true,
          }),
        ),
      );

      await userEvent.click(within(line).getByRole('switch', { name: '启用 校园卡丢失了怎么挂失？' }));
      await waitFor(() =>
        expect(http.post).toHaveBeenCalledWith('/aiquestion/knowledge/enable', { id: 'f1', enabled: false }),
      );

      await userEvent.click(within(line).getByRole('button', { name: '删除 校园卡丢失了怎么挂失？' }));
      await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
      await waitFor(() => expect(http.post).toHaveBeenCalledWith('/aiquestion/knowledge/remove', { id: 'f1' }));
    },
  );
});
