import { Form, Input, Modal } from 'antd';
import { CardColumnSubmit, WORKBENCH_MESSAGES, type CardColumn } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { getColumn } from '../api/get-column.ts';
import { submitColumn } from '../api/submit-column.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';
import { useToast } from '../../../components/toast.tsx';

type Texts = Pick<
  CardColumn,
  | 'columnName'
  | 'columnNameEn'
  | 'category'
  | 'todoTypeName'
  | 'todoTypeNameEn'
  | 'todoTimeoutName'
  | 'todoTimeoutNameEn'
>;

const textsOf = (c: CardColumn): Texts => ({
  columnName: c.columnName,
  columnNameEn: c.columnNameEn ?? '',
  category: c.category ?? '',
  todoTypeName: c.todoTypeName ?? '',
  todoTypeNameEn: c.todoTypeNameEn ?? '',
  todoTimeoutName: c.todoTimeoutName ?? '',
  todoTimeoutNameEn: c.todoTimeoutNameEn ?? '',
});

/**
 * 编辑栏目: a column's texts — its name, category and, on a to-do card, the captions under its count — each with its
 * optional English (ADR 0074). The source, mapping and reminder keep their own dialogs; the save sends the column as it
 * was read with these texts changed, and names the version it read (ADR 0075).
 */
export function ColumnDialog({
  column,
  todoCaptions,
  onClose,
}: {
  column: CardColumn | null;
  /** Whether the column's card shows to-do captions (the to-do card). */
  todoCaptions: boolean;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const offerReload = useOfferReload();
  const [form] = Form.useForm<Texts>();
  const [loaded, setLoaded] = useState<CardColumn | null>(column);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setLoaded(column);
    if (column) form.setFieldsValue(textsOf(column));
  }, [column, form]);
  const save = async (v: Texts) => {
    if (!loaded) return;
    const { id, cardId, dataSource, apiId, cardMapping, version } = loaded;
    setSaving(true);
    try {
      await submitColumn({ ...textsOf(loaded), ...v, id, cardId, dataSource, apiId, cardMapping, version });
    } catch (err) {
      // Another administrator saved the column since it was read: say so and offer to read it again.
      if (
        offerReload(err, async () => {
          const fresh = await getColumn(id);
          setLoaded(fresh);
          form.setFieldsValue(textsOf(fresh));
        })
      )
        return;
      throw err;
    } finally {
      setSaving(false);
    }
    void message.success(t('workbench.config.saved'));
    onClose(true);
  };
  const shape = CardColumnSubmit.shape;
  return (
    <Modal
      open={column !== null}
      title={t('workbench.config.editColumn')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('workbench.config.save')}
      cancelText={t('workbench.config.cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} name="column-dialog" layout="vertical" onFinish={(v) => void save(v).catch(() => undefined)}>
        <Form.Item
          name="columnName"
          label={t('workbench.config.columnName')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.columnNameRequired) }]}
        >
          <Input maxLength={maxLengthOf(shape.columnName)} />
        </Form.Item>
        <Form.Item name="columnNameEn" label={t('workbench.config.englishName')}>
          <Input maxLength={maxLengthOf(shape.columnNameEn)} />
        </Form.Item>
        {loaded?.dataSource !== 'external' && (
          <Form.Item name="category" label={t('workbench.config.category')}>
            <Input maxLength={maxLengthOf(shape.category)} />
          </Form.Item>
        )}
        {todoCaptions && (
          <>
            <Form.Item name="todoTypeName" label={t('workbench.config.todoTypeName')}>
              <Input maxLength={maxLengthOf(shape.todoTypeName)} />
            </Form.Item>
            <Form.Item
              name="todoTypeNameEn"
              label={`${t('workbench.config.todoTypeName')} · ${t('workbench.config.englishName')}`}
            >
              <Input maxLength={maxLengthOf(shape.todoTypeNameEn)} />
            </Form.Item>
            <Form.Item
              name="todoTimeoutName"
              label={t('workbench.config.todoTimeoutName')}
              extra={t('workbench.config.todoTimeoutHint')}
            >
              <Input maxLength={maxLengthOf(shape.todoTimeoutName)} />
            </Form.Item>
            <Form.Item
              name="todoTimeoutNameEn"
              label={`${t('workbench.config.todoTimeoutName')} · ${t('workbench.config.englishName')}`}
            >
              <Input maxLength={maxLengthOf(shape.todoTimeoutNameEn)} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
