import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState, type ReactNode } from 'react';
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

/** A button that opens a dialog, pressed from the keyboard (Enter): the dialog's focus comes from the button. */
function Opener({ dialog }: { dialog: (open: boolean, close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      {dialog(open, () => setOpen(false))}
    </>
  );
}

async function openFromKeyboard(dialog: (open: boolean, close: () => void) => ReactNode) {
  render(
    <I18nProvider i18n={i18n}>
      <AntdTheme>
        <Opener dialog={dialog} />
      </AntdTheme>
    </I18nProvider>,
  );
  screen.getByRole('button', { name: '打开' }).focus();
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('dialog');
}

describe('a modal dialog of Ant Design that opens', () => {
  it('gives the focus to its first field (past a message above it), so a keyboard user types at once', async () => {
    await openFromKeyboard((open, close) => (
      <Modal open={open} title="新建" onCancel={close}>
        <Alert type="info" title="请填写名称" />
        <Form layout="vertical">
          <Form.Item name="name" label="名称">
            <Input />
          </Form.Item>
          <Form.Item name="note" label="说明">
            <Input.TextArea />
          </Form.Item>
        </Form>
      </Modal>
    ));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('名称')));
    await userEvent.keyboard('报修');
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('报修');
  });

  it('of a radio group first, to its chosen radio', async () => {
    await openFromKeyboard((open, close) => (
      <Modal open={open} title="类型" onCancel={close}>
        <Radio.Group
          aria-label="类型"
          defaultValue="b"
          options={[
            { value: 'a', label: '甲' },
            { value: 'b', label: '乙' },
          ]}
        />
      </Modal>
    ));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '乙' })));
  });

  it('of a select first, to the select', async () => {
    await openFromKeyboard((open, close) => (
      <Modal open={open} title="学年" onCancel={close}>
        <Select aria-label="学年" options={[{ value: 'a', label: '2026-2027' }]} />
      </Modal>
    ));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: '学年' })));
  });

  it('of buttons only, keeps the focus on the dialog itself', async () => {
    const dialog = await openFromKeyboard((open, close) => (
      <Modal open={open} title="提示" onCancel={close} footer={<Button onClick={close}>知道了</Button>}>
        <p>已保存</p>
      </Modal>
    ));
    await waitFor(() => expect(document.activeElement).toBe(dialog));
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
