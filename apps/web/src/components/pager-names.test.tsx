import { act, render, screen } from '@testing-library/react';
import { Pagination, Table } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider, setLanguage, useTranslation } from '../lib/i18n/i18n.ts';
import { pagerNames } from './pager-names.tsx';

const rows = Array.from({ length: 200 }, (_, i) => ({ key: i, name: `服务${i}` }));

function Lists() {
  const { t } = useTranslation();
  return (
    <>
      <Table
        dataSource={rows}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        pagination={{ ...pagerNames(t), defaultCurrent: 10, pageSize: 10 }}
      />
      <Pagination {...pagerNames(t)} total={200} defaultCurrent={10} />
    </>
  );
}

describe('pagerNames: pagination arrows named in the interface language', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('names previous, next and the five-page jumps 上一页 …, then Previous page … in English, never left/right', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Lists />
      </I18nProvider>,
    );
    // Ant Design's own names come from its icons: "left", "right", "double-left", "double-right".
    for (const name of ['上一页', '下一页', '向前 5 页', '向后 5 页'])
      expect(screen.getAllByRole('button', { name })).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: /left|right/ })).toEqual([]);
    await act(() => setLanguage('en-US'));
    for (const name of ['Previous page', 'Next page', 'Previous 5 pages', 'Next 5 pages'])
      expect(screen.getAllByRole('button', { name })).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: /left|right/ })).toEqual([]);
  });
});
