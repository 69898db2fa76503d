import type { DictOption } from '@portal/contracts/transfer';
import { Select, type SelectProps } from 'antd';
import { clearable } from '../../../components/clearable.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useDictionary } from '../api/transfer-queries.ts';

export type DictSelectProps = Omit<SelectProps, 'options' | 'loading'> & {
  /** Configurable URL of the dictionary (7.10), relative to the workbench group. */
  url: string;
  method?: 'GET' | 'POST';
  /** Where the options are in the result and what their key and label are called (default dictKey/dictValue). */
  props?: { key: string; value: string };
  /** The label an option shows, from the dictionary's (e.g. a fixed value in the interface's language). */
  labelOf?: (label: string) => string;
};

/** Dictionary select: options from a configurable URL, cached for 5 minutes (section 9). */
export function DictSelect({
  url,
  method = 'GET',
  props = { key: 'dictKey', value: 'dictValue' },
  labelOf = (label) => label,
  allowClear,
  ...rest
}: DictSelectProps) {
  const { t } = useTranslation();
  const options = useDictionary(url, method);
  const list = (options.data ?? []) as unknown as Record<string, string>[];
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...rest}
      allowClear={allowClear === true ? clearable(t) : allowClear}
      loading={options.isLoading}
      options={list.map((o) => ({
        value: o[props.key] ?? (o as unknown as DictOption).dictKey,
        label: labelOf(o[props.value] ?? (o as unknown as DictOption).dictValue),
      }))}
    />
  );
}
