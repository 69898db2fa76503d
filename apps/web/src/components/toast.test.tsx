import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useToast } from './toast.tsx';

function Saver({ kind, text }: { kind: 'error' | 'success' | 'warning'; text: string }) {
  const message = useToast();
  useEffect(() => {
    void message[kind](text);
  }, [message, kind, text]);
  return null;
}

describe('useToast: toasts without their icon names', () => {
  it("shows Ant Design's toast with its icon hidden, so it is announced by its words only, not 'close-circle …'", async () => {
    render(
      <App>
        <Saver kind="error" text="保存失败" />
        <Saver kind="success" text="保存成功" />
      </App>,
    );
    await act(async () => {});
    for (const text of ['保存失败', '保存成功']) {
      const notice = (await screen.findByText(text)).closest('.ant-message-notice') as HTMLElement;
      const icon = notice.querySelector('.anticon')!;
      expect(icon.getAttribute('aria-hidden')).toBe('true');
      // what a screen reader reads of the notice: its text, no icon name
      const named = [...notice.querySelectorAll('[aria-label]')].filter((el) => !el.closest('[aria-hidden="true"]'));
      expect(named).toEqual([]);
    }
    // the icon keeps its kind's class, so its colour stays
    expect(document.querySelector('.ant-message-error .anticon-close-circle')).toBeTruthy();
  });
});
