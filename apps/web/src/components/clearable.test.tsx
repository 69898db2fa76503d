import { act, render, screen } from '@testing-library/react';
import { Input, Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider, setLanguage, useTranslation } from '../lib/i18n/i18n.ts';
import { clearable } from './clearable.tsx';

function Filters() {
  const { t } = useTranslation();
  return (
    <>
      <Input aria-label="keyword" allowClear={clearable(t)} defaultValue="成绩" />
      <Select aria-label="dept" allowClear={clearable(t)} value="a" options={[{ value: 'a', label: '教务处' }]} />
    </>
  );
}

describe('clearable: a clear button named in the interface language', () => {
  afterEach(() => setLanguage('zh-CN'));

  it("names the Input's and the Select's clear buttons 清除, then Clear in English, never close-circle", async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Filters />
      </I18nProvider>,
    );
    // Ant Design's own names: the Input's by its icon ("close-circle"), the Select's "Clear" in both languages.
    expect(screen.getAllByRole('button', { name: '清除' })).toHaveLength(2);
    expect(screen.queryAllByLabelText(/close-circle|^Clear$/)).toEqual([]);
    await act(() => setLanguage('en-US'));
    expect(screen.getAllByRole('button', { name: 'Clear' })).toHaveLength(2);
    expect(screen.queryAllByLabelText('close-circle')).toEqual([]);
  });
});
