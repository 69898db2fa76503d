import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';

/**
 * jsdom lays nothing out: each test says how wide the table's parts are (scrollWidth over clientWidth), and the
 * narrow-screen rule of antd.css (the wrapper scrolls sideways) is put in the document.
 */
let contentWidth = 300;
const BOX = 300;
beforeEach(() => {
  contentWidth = 300;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => BOX);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.matches('.ant-table-wrapper, .ant-table-content') ? contentWidth : BOX;
  });
  const style = document.createElement('style');
  style.dataset.test = 'narrow';
  style.textContent = '.ant-table-wrapper { overflow-x: auto; }';
  document.head.append(style);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelector('style[data-test="narrow"]')?.remove();
});

const rows = [{ id: '1', name: '统一身份认证密码重置', dept: '信息化建设与管理中心' }];
const columns = [
  { title: '服务名称', dataIndex: 'name' },
  { title: '部门', dataIndex: 'dept' },
];

describe('DataTable: a table that scrolls sideways is a named Tab stop', () => {
  it('makes the scrolling wrapper a region named by the table, reachable by Tab', async () => {
    contentWidth = 720;
    render(<DataTable label="服务热度排行" rowKey="id" dataSource={rows} columns={columns} pagination={false} />);
    const region = await screen.findByRole('region', { name: '服务热度排行' });
    expect(region.tabIndex).toBe(0);
    expect(region.classList.contains('ant-table-wrapper')).toBe(true);
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('with scroll.x the scroller inside is the region', async () => {
    contentWidth = 720;
    document.head.querySelector('style[data-test="narrow"]')?.remove();
    render(
      <DataTable
        label="部门效能报表"
        rowKey="id"
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: true }}
      />,
    );
    const region = await screen.findByRole('region', { name: '部门效能报表' });
    expect(region.classList.contains('ant-table-content')).toBe(true);
    expect(region.tabIndex).toBe(0);
  });

  it('adds no stop to a table that fits, and takes it away when the table comes to fit', async () => {
    const view = render(
      <DataTable label="我经办的环节" rowKey="id" dataSource={rows} columns={columns} pagination={false} />,
    );
    await screen.findByRole('table');
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('[tabindex="0"]')).toBeNull();
    contentWidth = 720;
    view.rerender(
      <DataTable
        label="我经办的环节"
        rowKey="id"
        dataSource={[...rows, { ...rows[0]!, id: '2' }]}
        columns={columns}
        pagination={false}
      />,
    );
    await screen.findByRole('region', { name: '我经办的环节' });
    contentWidth = 300;
    view.rerender(
      <DataTable label="我经办的环节" rowKey="id" dataSource={rows} columns={columns} pagination={false} />,
    );
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(document.querySelector('.ant-table-wrapper')!.hasAttribute('tabindex')).toBe(false);
  });

  it("makes inert the hidden row Ant Design measures a scrolling table's columns with (it copies the select-all checkbox)", async () => {
    render(
      <DataTable
        label="部门职责清单配置"
        rowKey="id"
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 880 }}
        rowSelection={{ selectedRowKeys: [], onChange: () => undefined }}
      />,
    );
    await screen.findByRole('table');
    const measure = document.querySelector('.ant-table-measure-row');
    expect(measure).not.toBeNull();
    await waitFor(() => expect(measure!.hasAttribute('inert')).toBe(true));
  });
});
