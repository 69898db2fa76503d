import { Form, Input } from 'antd';
import type { z } from 'zod';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

/**
 * A list row's optional English beside its Chinese (ADR 0074): labelled 英文名称 / English name and limited as its
 * contract field is. Empty means none, and the English interface shows the Chinese.
 */
export function EnglishNameItem({
  name,
  schema,
  width,
}: {
  name: Array<string | number>;
  schema: z.ZodType;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name}>
      <Input
        aria-label={t('workbench.config.englishName')}
        placeholder={t('workbench.config.englishName')}
        maxLength={maxLengthOf(schema)}
        style={width ? { width } : undefined}
      />
    </Form.Item>
  );
}
