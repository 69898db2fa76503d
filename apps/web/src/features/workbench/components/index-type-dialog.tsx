import { Form, Input, Modal, Select } from 'antd';
import { IndexTypeSubmit, WORKBENCH_MESSAGES, type IndexType, type Layout } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useToast } from '../../../components/toast.tsx';
import { submitIndexType } from '../api/submit-index-type.ts';
import { useOfferReload } from '../lib/use-offer-reload.ts';

type Values = { typeName: string; typeNameEn?: string; layout: Layout };

/**
 * 编辑页签: a home tab's name, its English (ADR 0074) and its layout. The save names the version the tab was read at
 * (ADR 0075): refused because another administrator changed the tab meanwhile, it offers to read the tabs again
 * (`reload`), and the dialog closes on what they saved.
 */
export function IndexTypeDialog({
  tab,
  onClose,
  reload,
}: {
  tab: IndexType | null;
  onClose: (saved: boolean) => void;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const offerReload = useOfferReload();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (tab) form.setFieldsValue({ typeName: tab.typeName, typeNameEn: tab.typeNameEn ?? '', layout: tab.layout });
  }, [tab, form]);
  const save = async (v: Values) => {
    if (!tab) return;
    setSaving(true);
    try {
      await submitIndexType({ id: tab.id, ...v, typeNameEn: v.typeNameEn ?? '', version: tab.version });
    } catch (err) {
      if (
        offerReload(err, async () => {
          await reload();
          onClose(false);
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
  return (
    <Modal
      open={tab !== null}
      title={t('workbench.config.editType')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('workbench.config.save')}
      cancelText={t('workbench.config.cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="index-type-dialog"
        layout="vertical"
        onFinish={(v) => void save(v).catch(() => undefined)}
      >
        <IndexTypeFields />
      </Form>
    </Modal>
  );
}

/** A home tab's name, its English (ADR 0074) and its layout: the fields of 编辑页签 and of the new-tab form. */
export function IndexTypeFields({ layoutWidth }: { layoutWidth?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="typeName"
        label={t('workbench.config.typeName')}
        rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.typeNameRequired) }]}
      >
        <Input maxLength={maxLengthOf(IndexTypeSubmit.shape.typeName)} />
      </Form.Item>
      <Form.Item name="typeNameEn" label={t('workbench.config.englishName')}>
        <Input maxLength={maxLengthOf(IndexTypeSubmit.shape.typeNameEn)} />
      </Form.Item>
      <Form.Item name="layout" label={t('workbench.config.layout')}>
        <Select
          style={layoutWidth ? { width: layoutWidth } : undefined}
          options={[
            { value: 'same', label: t('workbench.samePage') },
            { value: 'separate', label: t('workbench.separatePage') },
          ]}
        />
      </Form.Item>
    </>
  );
}
