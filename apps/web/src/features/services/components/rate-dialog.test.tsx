import { MESSAGES } from '@portal/contracts/errors';
import type { CanUserRate } from '@portal/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdTheme } from '../../../components/antd-theme.tsx';
import { HttpError, networkError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({
  canUserRate: vi.fn(async (): Promise<CanUserRate> => ({ canRate: true, rated: false, score: null, reason: '' })),
  getQuickScoreLabels: vi.fn(async () => [
    { id: 'q1', labelName: '办理便捷', labelNameEn: 'Easy to use', minScore: 4, maxScore: 5 },
    { id: 'q2', labelName: '响应及时', minScore: 4, maxScore: 5 },
    { id: 'q3', labelName: '流程繁琐', minScore: 1, maxScore: 2 },
  ]),
  rateService: vi.fn(async () => ({ canRate: false, rated: true, score: 5, reason: '' })),
}));
vi.mock('../api/can-user-rate.ts', async (original) => {
  const real = await original<typeof import('../api/can-user-rate.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    canUserRate: api.canUserRate,
    useCanUserRate: (id: string | undefined) =>
      useQuery({ ...real.canUserRateQueryOptions(id ?? ''), queryFn: () => api.canUserRate(), enabled: !!id }),
  };
});
vi.mock('../api/get-quick-score-labels.ts', async (original) => {
  const real = await original<typeof import('../api/get-quick-score-labels.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getQuickScoreLabels: api.getQuickScoreLabels,
    useQuickScoreLabels: (enabled: boolean) =>
      useQuery({ ...real.quickScoreLabelsQueryOptions(), queryFn: () => api.getQuickScoreLabels(), enabled }),
  };
});
vi.mock('../api/rate-service.ts', async (original) => ({
  ...(await original<typeof import('../api/rate-service.ts')>()),
  rateService: api.rateService,
}));
const { RateDialog } = await import('./rate-dialog.tsx');

const user = userEvent.setup({ pointerEventsCheck: 0 });
const SERVICE = { serviceId: 'svc-1', serviceName: '宿舍报修' };
beforeEach(() => vi.clearAllMocks());

describe('rating dialog: score, quick labels that fit it, comment', () => {
  it('offers the quick labels of the chosen score and sends only those that fit', async () => {
    const onClose = vi.fn();
    renderWithApp(<RateDialog service={SERVICE} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '评价“宿舍报修”' });
    await user.click(await screen.findByText('办理便捷'));
    expect(screen.queryByText('流程繁琐')).toBeNull();
    // Score 2: the labels of 4 to 5 go, those of 1 to 2 come.
    const stars = dialog.querySelectorAll('.ant-rate-star > div');
    await user.click(stars[1]!);
    expect(await screen.findByText('流程繁琐')).toBeTruthy();
    expect(screen.queryByText('办理便捷')).toBeNull();
    await user.click(screen.getByText('流程繁琐'));
    await user.type(screen.getByLabelText('评价内容'), '排队太久');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(api.rateService).toHaveBeenCalledWith({
        serviceId: 'svc-1',
        score: 2,
        labels: ['流程繁琐'],
        comment: '排队太久',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a quick label in English where it has one, else in Chinese, and sends it by its Chinese name (ADR 0074)', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderWithApp(<RateDialog service={SERVICE} onClose={() => undefined} />);
      await user.click(await screen.findByText('Easy to use'));
      expect(screen.queryByText('办理便捷')).toBeNull();
      expect(screen.getByText('响应及时')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: /Submit/ }));
      await waitFor(() =>
        expect(api.rateService).toHaveBeenCalledWith(expect.objectContaining({ labels: ['办理便捷'] })),
      );
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('keeps 5 stars when the fifth, already chosen, is tapped (it sent 1)', async () => {
    renderWithApp(<RateDialog service={SERVICE} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '评价“宿舍报修”' });
    await screen.findByText('办理便捷');
    const stars = dialog.querySelectorAll('.ant-rate-star > div');
    await user.click(stars[4]!);
    expect(screen.getByText('办理便捷')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.rateService).toHaveBeenCalledWith(expect.objectContaining({ score: 5 })));
  });

  it("shows the server's refusal of a sensitive word in the dialog", async () => {
    api.rateService.mockRejectedValueOnce(new HttpError(400, MESSAGES.sensitiveWord));
    renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('评价内容'), '某敏感词');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.sensitiveWord);
  });

  it('fails at once offline with the network error, and sends nothing when the network returns', async () => {
    // The rating went out paused: the button spun, 取消 closed the dialog, and back online the rating was posted.
    const { onlineManager } = await import('@tanstack/react-query');
    api.rateService.mockRejectedValueOnce(networkError('Failed to fetch'));
    renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    await screen.findByText('办理便捷');
    await user.type(screen.getByLabelText('评价内容'), '离线评价');
    act(() => onlineManager.setOnline(false));
    try {
      await user.click(screen.getByRole('button', { name: /提\s*交/ }));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.network);
      expect(api.rateService).toHaveBeenCalledTimes(1);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Nothing held back goes out later.
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(api.rateService).toHaveBeenCalledTimes(1);
  });

  it('counts an emoji as one character, and takes a comment of 500 of them', async () => {
    renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    const comment = screen.getByLabelText('评价内容');
    await user.type(comment, '😀😀😀');
    expect(screen.getByText('3 / 500')).toBeTruthy();
    await user.clear(comment);
    await user.click(comment);
    await user.paste('😀'.repeat(500));
    expect(screen.getByText('500 / 500')).toBeTruthy();
    expect(screen.queryByText('评价内容不能超过500个字符')).toBeNull();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(api.rateService).toHaveBeenCalledWith(expect.objectContaining({ comment: '😀'.repeat(500) })),
    );
  });

  it('keeps a pasted comment over 500 characters as pasted and refuses it under the field, sending nothing', async () => {
    renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    const comment = screen.getByLabelText('评价内容') as HTMLTextAreaElement;
    const long = '很'.repeat(400) + '😀'.repeat(101);
    await user.click(comment);
    await user.paste(long);
    expect(comment.value).toBe(long);
    expect(screen.getByText('501 / 500')).toBeTruthy();
    const message = screen.getByText('评价内容不能超过500个字符');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(comment.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(api.rateService).not.toHaveBeenCalled();
    // One character (an emoji, two UTF-16 units) less, and it goes.
    await user.clear(comment);
    await user.paste(long.slice(0, -2));
    await waitFor(() => expect(comment.getAttribute('aria-invalid')).toBeNull());
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.rateService).toHaveBeenCalledTimes(1));
  });

  it('says so when the user has rated already, and does not offer to submit', async () => {
    api.canUserRate.mockResolvedValueOnce({ canRate: false, rated: true, score: 4, reason: '您已评价过该服务' });
    renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
    expect(await screen.findByText('您已评价过该服务（4 分）')).toBeTruthy();
    expect((screen.getByRole('button', { name: /提\s*交/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['zh-CN', ['1 星', '2 星', '3 星', '4 星', '5 星']],
    ['en-US', ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']],
  ] as const)(
    '%s: the score is one radio group, each star named by its value, only the chosen one checked',
    async (language, names) => {
      await act(() => i18n.changeLanguage(language));
      try {
        renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
        const dialog = await screen.findByRole('dialog');
        const group = within(dialog).getByRole('radiogroup', { name: language === 'zh-CN' ? '评分' : 'Score' });
        const stars = within(group).getAllByRole('radio');
        expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual(names);
        expect(stars.map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'false', 'true']);
        // The names are the radios' own: the star icons say nothing ("star star").
        expect(group.querySelectorAll('[role="img"]:not([aria-hidden="true"])')).toHaveLength(0);
      } finally {
        await act(() => i18n.changeLanguage('zh-CN'));
      }
    },
  );

  it('is one Tab stop, the chosen star; the arrow keys change the score and the focus follows it', async () => {
    renderWithApp(<RateDialog service={SERVICE} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('办理便捷');
    const group = within(dialog).getByRole('radiogroup', { name: '评分' });
    const star = (n: number) => within(group).getByRole('radio', { name: `${n} 星` });
    const tabStops = () =>
      [group, ...within(group).getAllByRole('radio')]
        .filter((el) => el.tabIndex >= 0)
        .map((el) => el.getAttribute('aria-label'));
    expect(tabStops()).toEqual(['5 星']);
    star(5).focus();
    await user.keyboard('{ArrowLeft}');
    expect(star(4).getAttribute('aria-checked')).toBe('true');
    expect(star(5).getAttribute('aria-checked')).toBe('false');
    expect(document.activeElement).toBe(star(4));
    expect(tabStops()).toEqual(['4 星']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(star(2));
    expect(await screen.findByText('流程繁琐')).toBeTruthy();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(star(1));
    expect(star(1).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(star(3));
    // Tab leaves the group: the next stop is not another star.
    await user.tab();
    expect(group.contains(document.activeElement)).toBe(false);
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.rateService).toHaveBeenCalledWith(expect.objectContaining({ score: 3 })));
  });

  it('opened from the keyboard, has the focus on the score (the chosen star): the arrow keys work at once', async () => {
    function Opener() {
      const [service, setService] = useState<typeof SERVICE | null>(null);
      return (
        <>
          <button type="button" onClick={() => setService(SERVICE)}>
            评价
          </button>
          <RateDialog service={service} onClose={() => setService(null)} />
        </>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          <AntdTheme>
            <Opener />
          </AntdTheme>
        </I18nProvider>
      </QueryClientProvider>,
    );
    screen.getByRole('button', { name: '评价' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const group = within(dialog).getByRole('radiogroup', { name: '评分' });
    await waitFor(() => expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '5 星' })));
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: '4 星' }).getAttribute('aria-checked')).toBe('true');
  });
});
