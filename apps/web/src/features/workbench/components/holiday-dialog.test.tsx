import type { HolidayItem } from '@portal/contracts/workbench';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({ submitHoliday: vi.fn(async (h: object) => ({ id: 'h1', updatedAt: '', ...h })) }));
vi.mock('../api/submit-holiday.ts', () => ({ submitHoliday: api.submitHoliday }));
const { HolidayDialog } = await import('./holiday-dialog.tsx');

function setup(holiday: HolidayItem | 'new') {
  const onClose = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <App>
        <HolidayDialog holiday={holiday} onClose={onClose} />
      </App>
    </I18nProvider>,
  );
  return onClose;
}

/** Enters a date into an antd DatePicker as text and confirms it with Enter, as a keyboard user does. */
function typeDate(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}
/** The dialog's save button (antd spaces two Chinese characters: '保 存'). */
const saveButton = () => screen.getByText(/^保\s*存$/).closest('button')!;

describe('holiday dialog (indexholidayconfig/submit)', () => {
  beforeEach(() => api.submitHoliday.mockClear());

  it('adds a holiday from the keyboard: name, first and last day, greeting', async () => {
    const onClose = setup('new');
    await userEvent.type(screen.getByLabelText('节假日名称'), ' 校庆日 ');
    typeDate('日期', '2027-05-20');
    typeDate('结束日期', '2027-05-22');
    await userEvent.type(screen.getByLabelText('祝福语'), '祝母校生日快乐！');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.submitHoliday).toHaveBeenCalledWith({
      name: '校庆日',
      date: '2027-05-20',
      endDate: '2027-05-22',
      greeting: '祝母校生日快乐！',
      nameEn: '',
      greetingEn: '',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('refuses a missing name and date, and an end before the start, without calling the server', async () => {
    const onClose = setup('new');
    await userEvent.click(saveButton());
    expect(await screen.findByText('请输入节假日名称')).toBeTruthy();
    expect(await screen.findByText('请选择节假日日期')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('节假日名称'), '倒序假期');
    typeDate('日期', '2027-05-20');
    typeDate('结束日期', '2027-05-19');
    await userEvent.click(saveButton());
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy();
    expect(api.submitHoliday).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a holiday under its id; a one-day holiday sends no end date', async () => {
    const onClose = setup({
      id: 'h9',
      name: '元旦',
      date: '2027-01-01',
      endDate: '2027-01-01',
      greeting: '',
      nameEn: 'New Year',
      updatedAt: '',
    });
    const name = screen.getByLabelText('节假日名称');
    expect((name as HTMLInputElement).value).toBe('元旦');
    expect((screen.getByLabelText('日期') as HTMLInputElement).value).toBe('2027-01-01');
    // Its English is there to edit (ADR 0074).
    const english = screen.getByLabelText('英文名称') as HTMLInputElement;
    expect(english.value).toBe('New Year');
    await userEvent.clear(english);
    await userEvent.type(english, "New Year's Day");
    await userEvent.clear(name);
    await userEvent.type(name, '新年');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.submitHoliday).toHaveBeenCalledWith({
      id: 'h9',
      name: '新年',
      date: '2027-01-01',
      endDate: null,
      greeting: '',
      nameEn: "New Year's Day",
      greetingEn: '',
    });
  });

  it('keeps the dialog open when the server refuses', async () => {
    api.submitHoliday.mockRejectedValueOnce(new Error('refused'));
    const onClose = setup({
      id: 'h9',
      name: '元旦',
      date: '2027-01-01',
      endDate: '2027-01-01',
      greeting: '',
      nameEn: 'New Year',
      updatedAt: '',
    });
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.submitHoliday).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
