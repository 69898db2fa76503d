import type { RobotQuestionRecord } from '@portal/contracts/assistant';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({ getUnansweredQuestions: vi.fn() }));
vi.mock('../api/get-unanswered-questions.ts', async (original) => {
  const real = await original<typeof import('../api/get-unanswered-questions.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useUnansweredQuestions: (p: { current: number; size: number }) =>
      useQuery({ ...real.getUnansweredQuestionsQueryOptions(p), queryFn: () => api.getUnansweredQuestions(p) }),
  };
});
const { UnansweredQuestionsPanel, questionState } = await import('./unanswered-questions-panel.tsx');

const q = (over: Partial<RobotQuestionRecord>): RobotQuestionRecord => ({
  id: 'q',
  question: '',
  userName: '张三',
  answered: false,
  solved: null,
  source: 'search',
  matchedQuestion: null,
  createTime: '2026-11-20T08:00:00.000Z',
  ...over,
});
beforeEach(() => {
  vi.clearAllMocks();
  api.getUnansweredQuestions.mockResolvedValue({
    records: [
      q({ id: 'a', question: '图书馆几点关门' }),
      q({ id: 'b', question: '怎么补办校园卡', answered: true, solved: 0, matchedQuestion: '校园卡挂失' }),
      q({ id: 'c', question: '想找辅导员', source: 'record' }),
    ],
    total: 3,
    size: 10,
    current: 1,
    pages: 1,
  });
});

describe('unanswered robot questions panel', () => {
  it('lists the questions with who asked, why they are there and what the robot matched', async () => {
    renderWithApp(<UnansweredQuestionsPanel />);
    expect(screen.getByRole('heading', { level: 2, name: '机器人未解答问题' })).toBeTruthy();
    const first = (await screen.findByText('图书馆几点关门')).closest('tr')!;
    expect(within(first).getByText('未回答')).toBeTruthy();
    expect(within(first).getByText('张三')).toBeTruthy();
    const second = screen.getByText('怎么补办校园卡').closest('tr')!;
    expect(within(second).getByText('未解决')).toBeTruthy();
    expect(within(second).getByText('校园卡挂失')).toBeTruthy();
    expect(within(screen.getByText('想找辅导员').closest('tr')!).getByText('用户转交')).toBeTruthy();
    expect(api.getUnansweredQuestions).toHaveBeenCalledWith({ current: 1, size: 10 });
    expect(questionState(q({ answered: true, source: 'record' }))).toBe('recorded');
  });

  it('links a question to the robot knowledge page, for someone holding its menu only', async () => {
    renderWithApp(<UnansweredQuestionsPanel />);
    await screen.findByText('图书馆几点关门');
    expect(screen.queryByRole('link', { name: /写入知识库/ })).toBeNull();
    sessionStore.setState({
      configurationMenu: [{ name: 'robotKnowledgeConfig', path: '/home/robotKnowledgeConfig' }] as never,
    });
    const link = await screen.findByRole('link', { name: '写入知识库 图书馆几点关门' });
    expect(link.getAttribute('href')).toBe(
      `/home/robotKnowledgeConfig?${new URLSearchParams({ fromQuestion: 'a', question: '图书馆几点关门' })}`,
    );
    sessionStore.setState({ configurationMenu: [] });
  });

  it("shows the server's message when the list is refused", async () => {
    api.getUnansweredQuestions.mockRejectedValue(new HttpError(403, '只有管理员可以查看'));
    renderWithApp(<UnansweredQuestionsPanel />);
    expect(await screen.findByText('只有管理员可以查看')).toBeTruthy();
  });
});
