import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider, setLanguage } from '../lib/i18n/i18n.ts';
import { AntdTheme } from './antd-theme.tsx';

function CardForm() {
  return (
    <Form>
      <Form.Item
        name="cardName"
        label={i18n.language === 'en-US' ? 'Card name' : '卡片名称'}
        rules={[{ required: true }]}
      >
        <Input />
      </Form.Item>
      <Button htmlType="submit">save</Button>
    </Form>
  );
}

const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <AntdTheme>
        <CardForm />
      </AntdTheme>
    </I18nProvider>,
  );

describe("Ant Design's form messages", () => {
  afterEach(() => setLanguage('zh-CN'));

  it('name the missing field first in English ("Card name is required", not "Please enter Card name")', async () => {
    await act(() => setLanguage('en-US'));
    show();
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Card name is required')).toBeTruthy();
  });

  it('keep Ant Design’s zh-CN (请输入卡片名称)', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('请输入卡片名称')).toBeTruthy();
  });
});

describe('a modal dialog of Ant Design', () => {
  it('keeps Tab inside: from its last control to its first, and Shift+Tab back (any Modal, without its own wiring)', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <AntdTheme>
          <button type="button">behind</button>
          <Modal open title="对话框" footer={<Button>确定</Button>}>
            <Input aria-label="名称" />
          </Modal>
        </AntdTheme>
      </I18nProvider>,
    );
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    const close = screen.getByRole('button', { name: /关闭|Close/ });
    ok.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(ok);
  });
});

describe("Ant Design's own icons and spacing under the theme", () => {
  it('puts no space inside a two-character Chinese button: its name is 编辑, not 编 辑', () => {
    render(
      <I18nProvider i18n={i18n}>
        <AntdTheme>
          <Button>编辑</Button>
        </AntdTheme>
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
  });

  it('hides the icons it draws itself (a select\'s arrow, an alert\'s icon): no "down" or "info-circle" is read', () => {
    render(
      <I18nProvider i18n={i18n}>
        <AntdTheme>
          <Select aria-label="学年" value="a" options={[{ value: 'a', label: '2026-2027' }]} />
          <Alert type="info" showIcon title="提示" />
          <Alert type="error" showIcon title="出错了" />
        </AntdTheme>
      </I18nProvider>,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.queryAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([]);
  });
});
