import { SEARCH_KEYWORD_MAX } from '@portal/contracts/service-codes';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useHeatWords } from '../api/get-heat-words.ts';

/**
 * The service search box with the hot words under it: a plain form (issue 10, ADR 0042) whose field is a search box
 * (Enter or the button searches; the browser's own clear button empties it).
 */
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
      <form
        className={`svc-search-form svc-search-${size}`}
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <input
          type="search"
          className="svc-search-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder || t('services.searchPlaceholder')}
          aria-label={t('services.searchLabel')}
          maxLength={SEARCH_KEYWORD_MAX}
          enterKeyHint="search"
        />
        <button type="submit" className="plain-button plain-button-primary svc-search-button">
          {t('services.search')}
        </button>
      </form>
      {/* One line kept for the hot words from the first paint (they scroll sideways inside it), so nothing jumps. */}
      {(words.isPending || !!words.data?.length) && (
        <div className="svc-hot-words">
          <span>
            {t('services.hotWords')}
            {t('app.colon')}
          </span>
          {(words.data ?? []).map((w) => (
            <button
              key={w}
              type="button"
              className={w === value ? 'svc-hot-word active' : 'svc-hot-word'}
              aria-pressed={w === value}
              onClick={() => onSearch(w)}
            >
              {w}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
