import { Button, Form, Input, Space } from 'antd';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import type { z } from 'zod';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { EnglishNameItem } from './english-name-item.tsx';

type Link = { name?: string; nameEn?: string; url?: string };

/**
 * A form's list of links (the pre-login page's header links, the footer's links): each a name — with its English when
 * `nameEn` is given (ADR 0074) — and an address, limited as the contract's fields are; added up to `max`, moved up and
 * removed by buttons that name the row (上移 图书馆). The form's field `name` holds them in order.
 */
export function LinkListItems({
  name,
  max,
  fields,
}: {
  name: string;
  max: number;
  fields: { name: z.ZodType; url: z.ZodType; nameEn?: z.ZodType };
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const typed = Form.useWatch(name, form) as Link[] | undefined;
  return (
    <Form.List name={name}>
      {(items, { add, remove, move }) => (
        <>
          {items.map((item, i) => {
            // The row's buttons name it, by its number while it has no name yet.
            const label = typed?.[item.name]?.name?.trim() || `${i + 1}`;
            return (
              // Each row a group of its own (链接 2), set apart from the next: on a phone its fields wrap onto lines
              // of their own, and the rows would run into each other.
              <Space
                key={item.key}
                align="baseline"
                wrap
                role="group"
                aria-label={t('workbench.config.linkRow', { n: i + 1 })}
                className="wb-link-row"
              >
                <Form.Item
                  name={[item.name, 'name']}
                  rules={[
                    { required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkNameRequired) },
                  ]}
                >
                  <Input
                    aria-label={t('workbench.config.linkName')}
                    placeholder={t('workbench.config.linkName')}
                    maxLength={maxLengthOf(fields.name)}
                    style={{ width: 150 }}
                  />
                </Form.Item>
                {fields.nameEn && <EnglishNameItem name={[item.name, 'nameEn']} schema={fields.nameEn} width={150} />}
                <Form.Item
                  name={[item.name, 'url']}
                  rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkRequired) }]}
                >
                  <Input
                    aria-label={t('workbench.config.linkUrl')}
                    placeholder={t('workbench.config.linkUrl')}
                    maxLength={maxLengthOf(fields.url)}
                    style={{ width: 240 }}
                  />
                </Form.Item>
                <Button
                  size="small"
                  disabled={i === 0}
                  aria-label={`${t('workbench.config.moveUp')} ${label}`}
                  onClick={() => move(i, i - 1)}
                >
                  {t('workbench.config.moveUp')}
                </Button>
                <Button
                  size="small"
                  aria-label={`${t('workbench.config.remove')} ${label}`}
                  onClick={() => remove(item.name)}
                >
                  {t('workbench.config.remove')}
                </Button>
              </Space>
            );
          })}
          <div>
            <Button
              type="dashed"
              disabled={items.length >= max}
              onClick={() => add(fields.nameEn ? { name: '', nameEn: '', url: '' } : { name: '', url: '' })}
            >
              {t('workbench.config.addLink')}
            </Button>
          </div>
        </>
      )}
    </Form.List>
  );
}
