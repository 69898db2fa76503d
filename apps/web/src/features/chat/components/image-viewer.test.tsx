import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { ImageViewer } from './image-viewer.tsx';

describe('image viewer (2.4)', () => {
  it("zooms with the wheel and shows 'loading failed' for an image that does not load", async () => {
    await i18n.changeLanguage('zh-CN');
    render(
      <I18nProvider i18n={i18n}>
        <ImageViewer open src="/api/chat/file/x" alt="截图" onClose={() => undefined} />
      </I18nProvider>,
    );
    const img = await screen.findByRole('img', { name: '截图' });
    fireEvent.wheel(screen.getByTestId('image-stage'), { deltaY: -120 });
    expect(img.style.transform).toBe('scale(1.015) rotate(0deg)');
    fireEvent.click(screen.getByRole('button', { name: '旋转' }));
    expect(img.style.transform).toBe('scale(1.015) rotate(90deg)');
    fireEvent.error(img);
    expect((await screen.findByRole('alert')).textContent).toBe('loading failed');
  });
});
