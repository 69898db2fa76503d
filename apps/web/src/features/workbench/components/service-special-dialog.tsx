import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import {
  SERVICE_SPECIAL_DESCRIPTION_EN_MAX,
  SERVICE_SPECIAL_DESCRIPTION_MAX,
  SERVICE_SPECIAL_SERVICES_MAX,
  SERVICE_SPECIAL_TITLE_EN_MAX,
  SERVICE_SPECIAL_TITLE_MAX,
  ServiceSpecialSubmit,
  type ServiceSpecialItem,
} from '@portal/contracts/workbench';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { rangeOf, rangeRule } from '../../../lib/form-limits.ts';
import { useServiceInfo } from '../api/get-service-info.ts';
import { submitServiceSpecial } from '../api/submit-service-special.ts';
import { useToast } from '../../../components/toast.tsx';

type Values = {
  title: string;
  description?: string;
  titleEn?: string;
  descriptionEn?: string;
  img?: string;
  sort?: number | null;
  enabled: boolean;
  serviceIds: string[];
};
type Named = { serviceId: string; serviceName: string };

/** The image of a special: uploaded through common/upload, shown small, removable. */
function ImageField({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      {value && <img src={value} alt="" height={32} />}
      <ImageUploadButton id={id} onUploaded={(url) => onChange?.(url)}>
        {t('workbench.config.specials.image')}
      </ImageUploadButton>
      {value && <Button onClick={() => onChange?.('')}>{t('workbench.config.specials.removeImage')}</Button>}
    </Space>
  );
}

/**
 * The services of a special, in order: searched on the server (common/getServiceInfo) and chosen in a select,
 * then ordered with move-up / move-down buttons (keyboard reachable, unlike dragging).
 */
function ServicePicker({
  id,
  value = [],
  onChange,
  chosen,
  active,
}: {
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  chosen: Named[];
  active: boolean;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword.trim());
  const found = useServiceInfo(search, active);
  // Names of every service seen so far, so chosen ones keep their names whatever the current search shows.
  const [names, setNames] = useState(() => new Map(chosen.map((s) => [s.serviceId, s.serviceName])));
  useEffect(() => {
    const more = [...chosen, ...(found.data ?? [])];
    setNames((prev) =>
      more.every((s) => prev.get(s.serviceId) === s.serviceName)
        ? prev
        : new Map([...prev, ...more.map((s) => [s.serviceId, s.serviceName] as const)]),
    );
  }, [chosen, found.data]);
  const nameOf = (serviceId: string) => names.get(serviceId) ?? serviceId;
  // Search results first (Enter picks the first one), then the chosen ones the search did not find.
  const options = [...new Set([...(found.data ?? []).map((s) => s.serviceId), ...value])].map((serviceId) => ({
    value: serviceId,
    label: nameOf(serviceId),
  }));
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange?.(next);
  };
  return (
    <>
      <Select
        id={id}
        mode="multiple"
        value={value}
        onChange={(ids: string[]) => onChange?.(ids)}
        options={options}
        maxCount={SERVICE_SPECIAL_SERVICES_MAX}
        loading={found.isFetching}
        placeholder={t('workbench.config.specials.searchServices')}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        onBlur={() => setKeyword('')}
      />
      {value.length > 0 && (
        <ol className="wb-service-order" aria-label={t('workbench.config.specials.chosen')}>
          {value.map((serviceId, i) => (
            <li key={serviceId}>
              <span>
                {i + 1}. {nameOf(serviceId)}
              </span>
              <Button
                size="small"
                icon={<ArrowUpOutlined aria-hidden />}
                disabled={i === 0}
                aria-label={t('workbench.config.specials.moveUp', { name: nameOf(serviceId) })}
                onClick={() => move(i, -1)}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined aria-hidden />}
                disabled={i === value.length - 1}
                aria-label={t('workbench.config.specials.moveDown', { name: nameOf(serviceId) })}
                onClick={() => move(i, 1)}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

const NO_SERVICES: Named[] = [];

/**
 * Add or edit a service special (indexservicespecialconfig/submit): title, description, image, sort, whether it
 * shows, and its services in order — saved together. The server checks the same rules and that every service is
 * one of the school's; its message shows (as a toast) when it refuses, and the dialog stays open.
 */
export function ServiceSpecialDialog({
  special,
  onClose,
}: {
  special: ServiceSpecialItem | 'new' | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const existing = special && special !== 'new' ? special : null;
  useEffect(() => {
    if (!special) return;
    form.resetFields();
    form.setFieldsValue(
      special === 'new'
        ? {
            title: '',
            description: '',
            titleEn: '',
            descriptionEn: '',
            img: '',
            sort: null,
            enabled: true,
            serviceIds: [],
          }
        : {
            title: special.title,
            description: special.description,
            titleEn: special.titleEn ?? '',
            descriptionEn: special.descriptionEn ?? '',
            img: special.img,
            sort: special.sort,
            enabled: special.enabled,
            serviceIds: special.serviceIds,
          },
    );
  }, [special, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await submitServiceSpecial({
        ...(existing ? { id: existing.id } : {}),
        title: v.title.trim(),
        description: (v.description ?? '').trim(),
        titleEn: (v.titleEn ?? '').trim(),
        descriptionEn: (v.descriptionEn ?? '').trim(),
        img: v.img ?? '',
        ...(v.sort === null || v.sort === undefined ? {} : { sort: v.sort }),
        enabled: v.enabled,
        serviceIds: v.serviceIds,
      });
      void message.success(t('workbench.config.saved'));
      onClose(true);
    } catch {
      // The http client has shown the server's message; the administrator corrects the input.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={special !== null}
      title={special === 'new' ? t('workbench.config.specials.add') : t('workbench.config.specials.edit')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('workbench.config.save')}
      cancelText={t('workbench.config.cancel')}
      confirmLoading={saving}
      width={640}
      forceRender
    >
      <Form form={form} name="serviceSpecial" layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="title"
          label={t('workbench.config.specials.name')}
          rules={[
            { required: true, whitespace: true, message: t('workbench.config.specials.titleRequired') },
            {
              max: SERVICE_SPECIAL_TITLE_MAX,
              message: t('workbench.config.specials.titleTooLong', { n: SERVICE_SPECIAL_TITLE_MAX }),
            },
          ]}
        >
          <Input maxLength={SERVICE_SPECIAL_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="titleEn" label={t('workbench.config.englishName')}>
          <Input maxLength={SERVICE_SPECIAL_TITLE_EN_MAX} />
        </Form.Item>
        <Form.Item name="description" label={t('workbench.config.specials.description')}>
          <Input.TextArea maxLength={SERVICE_SPECIAL_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('workbench.config.specials.descriptionEn')}>
          <Input.TextArea maxLength={SERVICE_SPECIAL_DESCRIPTION_EN_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="img" label={t('workbench.config.specials.image')}>
          <ImageField />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item
            name="sort"
            label={t('workbench.config.specials.sort')}
            rules={[rangeRule(rangeOf(ServiceSpecialSubmit.shape.sort))]}
          >
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('workbench.config.specials.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item
          name="serviceIds"
          label={t('workbench.config.specials.services')}
          extra={t('workbench.config.specials.servicesHint', { n: SERVICE_SPECIAL_SERVICES_MAX })}
          rules={[
            { required: true, type: 'array', min: 1, message: t('workbench.config.specials.servicesRequired') },
            {
              type: 'array',
              max: SERVICE_SPECIAL_SERVICES_MAX,
              message: t('workbench.config.specials.servicesTooMany', { n: SERVICE_SPECIAL_SERVICES_MAX }),
            },
          ]}
        >
          <ServicePicker chosen={existing?.services ?? NO_SERVICES} active={special !== null} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
