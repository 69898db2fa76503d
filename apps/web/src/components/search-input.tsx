import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Input, type GetProps } from 'antd';
import { useTranslation } from '../lib/i18n/i18n.ts';

/**
 * Ant Design's search box (Input.Search) with its icon-only buttons named in the interface's language: the search
 * button is 搜索 / Search and the clear button 清除 / Clear. Ant Design names them by their icons, in English whatever
 * the language ("search", "close-circle"). Use it instead of Input.Search (lint enforces it).
 */
export function SearchInput({ allowClear, ...props }: GetProps<typeof Input.Search>) {
  const { t } = useTranslation();
  return (
    <Input.Search
      searchIcon={<SearchOutlined aria-label={t('searchInput.search')} />}
      allowClear={
        allowClear === true ? { clearIcon: <CloseCircleFilled aria-label={t('searchInput.clear')} /> } : allowClear
      }
      {...props}
    />
  );
}
