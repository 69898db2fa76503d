import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider, setLanguage } from '../lib/i18n/i18n.ts';
import { LoadFailed, refetchFailed } from './load-failed.tsx';

describe('LoadFailed: a part whose data did not arrive', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('says 加载失败 with a 重试 button named after the part, Failed to load and Retry in English', async () => {
    const onRetry = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <LoadFailed name="效能概览" onRetry={onRetry} />
        <LoadFailed onRetry={onRetry} />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['加载失败', '加载失败']);
    fireEvent.click(screen.getByRole('button', { name: '重试 效能概览' }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
    await act(() => setLanguage('en-US'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Failed to load', 'Failed to load']);
    expect(screen.getByRole('button', { name: 'Retry 效能概览' }).textContent).toBe('Retry');
  });

  it('refetchFailed asks again only for the queries that failed', () => {
    const failed = { isError: true, refetch: vi.fn() };
    const fine = { isError: false, refetch: vi.fn() };
    refetchFailed(failed, fine)();
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(fine.refetch).not.toHaveBeenCalled();
  });
});
