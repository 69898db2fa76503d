import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigListPage } from './config-list-page.tsx';

describe('a configuration list page', () => {
  it('lets its name wrap beside the refresh button instead of cutting it (in English on a phone)', () => {
    render(
      <ConfigListPage title="Configuration changes" refreshLabel="Refresh" onRefresh={() => undefined}>
        <p>rows</p>
      </ConfigListPage>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Configuration changes' });
    const title = heading.closest<HTMLElement>('.ant-card-head-title')!;
    expect(title.style.whiteSpace).toBe('normal');
    expect(title.style.overflow).toBe('visible');
  });
});
