import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { CardMapping, type CardColumn } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { getReturnParams } from '../api/get-return-params.ts';
import { getColumn } from '../api/get-column.ts';
import { submitColumn } from '../api/submit-column.ts';
import { EnglishNameItem } from './english-name-item.tsx';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { useToast } from '../../../components/toast.tsx';

/** Field mapping (cardMapping) of a column: which returned fields show, under which Chinese names. */
export function MappingDialog({ column, onClose }: { column: CardColumn | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ cardMapping: CardMapping[] }>();
  const offerReload = useOfferReload();
  const [fields, setFields] = useState<Array<{ field: string; chineseName: string; chineseNameEn?: string }>>([]);
  // The column as the dialog loaded it: the one opened, or the one read again after a refusal (ADR 0075).
  const [loaded, setLoaded] = useState<CardColumn | null>(column);
  useEffect(() => {
    setLoaded(column);
    if (!column) return;
    form.setFieldsValue({ cardMapping: column.cardMapping });
    void getReturnParams(column.dataSource, column.apiId).then(setFields, () => setFields([]));
  }, [column, form]);
  const reload = async (id: string) => {
    const fresh = await getColumn(id);
    setLoaded(fresh);
    form.setFieldsValue({ cardMapping: fresh.cardMapping });
  };
  const save = async (v: { cardMapping?: CardMapping[] }) => {
    if (!loaded) return;
    const { id, cardId, columnName, dataSource, apiId, category, todoTypeName, todoTimeoutName, version } = loaded;
    const { columnNameEn, todoTypeNameEn, todoTimeoutNameEn } = loaded;
    try {
      await submitColumn({
        id,
        cardId,
        columnName,
        dataSource,
        apiId,
        category,
        todoTypeName,
        todoTimeoutName,
        columnNameEn,
        todoTypeNameEn,
        todoTimeoutNameEn,
        cardMapping: v.cardMapping ?? [],
        version,
      });
    } catch (err) {
      // Another administrator saved the column since it was loaded: say so and offer to load it again.
      if (offerReload(err, () => reload(id))) return;
      throw err;
    }
    void message.success(t('workbench.config.saved'));
    onClose(true);
  };
  return (
    <Modal
      open={column !== null}
      title={t('workbench.config.mapping')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('workbench.config.save')}
      cancelText={t('workbench.config.cancel')}
      forceRender
    >
      <Form form={form} onFinish={(v) => void save(v).catch(() => undefined)}>
        <Form.List name="cardMapping">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline">
                  <Form.Item name={[item.name, 'field']} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 180 }}
                      aria-label={t('workbench.config.field')}
                      showSearch
                      options={fields.map((f) => ({ value: f.field, label: `${f.field} (${f.chineseName})` }))}
                      onChange={(v: string) => {
                        const chosen = fields.find((f) => f.field === v);
                        if (chosen?.chineseName)
                          form.setFieldValue(['cardMapping', item.name, 'chineseName'], chosen.chineseName);
                        if (chosen?.chineseNameEn)
                          form.setFieldValue(['cardMapping', item.name, 'chineseNameEn'], chosen.chineseNameEn);
                      }}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'chineseName']}>
                    <Input
                      aria-label={t('workbench.config.chineseName')}
                      maxLength={maxLengthOf(CardMapping.shape.chineseName)}
                    />
                  </Form.Item>
                  <EnglishNameItem name={[item.name, 'chineseNameEn']} schema={CardMapping.shape.chineseNameEn} />
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={t('workbench.config.remove')}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ field: '', chineseName: '', chineseNameEn: '' })}
              >
                {t('workbench.config.addField')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
