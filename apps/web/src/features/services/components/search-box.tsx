import { SEARCH_KEYWORD_MAX } from '@portal/contracts/service-codes';
import { Input, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeatWords } from '../api/get-heat-words.ts';

/** The service search box with the hot words under it. */
export function SearchBox({
  value,
  onSearch,
  size = 'large',
  placeholder,
}: {
  value: string;
  onSearch: (keyword: string) => void;
  size?: 'large' | 'middle';
  placeholder?: string | undefined;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const words = useHeatWords(8);
  return (
    <div className="svc-search" role="search">
      <Input.Search
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => onSearch(v.trim())}
        placeholder={placeholder || t('services.searchPlaceholder')}
        aria-label={t('services.searchLabel')}
        enterButton={t('services.search')}
        allowClear
        maxLength={SEARCH_KEYWORD_MAX}
        size={size}
      />
      {/* One line kept for the hot words from the first paint (they scroll sideways inside it), so nothing jumps. */}
      {(words.isPending || !!words.data?.length) && (
        <div className="svc-hot-words">
          <span>{t('services.hotWords')}：</span>
          {(words.data ?? []).map((w) => (
            <Tag.CheckableTag key={w} checked={w === value} onChange={() => onSearch(w)}>
              {w}
            </Tag.CheckableTag>
          ))}
        </div>
      )}
    </div>
  );
}
