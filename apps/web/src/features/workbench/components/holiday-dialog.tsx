import { DatePicker, Form, Input, Modal } from 'antd';
import {
  HOLIDAY_GREETING_EN_MAX,
  HOLIDAY_GREETING_MAX,
  HOLIDAY_NAME_EN_MAX,
  HOLIDAY_NAME_MAX,
  type HolidayItem,
} from '@portal/contracts/workbench';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { submitHoliday } from '../api/submit-holiday.ts';
import { useToast } from '../../../components/toast.tsx';

type Values = {
  name: string;
  date: Dayjs | null;
  endDate?: Dayjs | null;
  greeting?: string;
  nameEn?: string;
  greetingEn?: string;
};
const DAY = 'YYYY-MM-DD';

/**
 * Add or edit a holiday of the home page greeting (indexholidayconfig/submit): name, date, an optional last
 * day for a holiday of several days, and an optional greeting for the day itself. The server checks the same
 * rules; its message shows (as a toast) when it refuses, and the dialog stays open.
 */
export function HolidayDialog({
  holiday,
  onClose,
}: {
  holiday: HolidayItem | 'new' | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!holiday) return;
    form.resetFields();
    form.setFieldsValue(
      holiday === 'new'
        ? { name: '', date: null, endDate: null, greeting: '', nameEn: '', greetingEn: '' }
        : {
            name: holiday.name,
            date: dayjs(holiday.date),
            endDate: holiday.endDate !== holiday.date ? dayjs(holiday.endDate) : null,
            greeting: holiday.greeting,
            nameEn: holiday.nameEn ?? '',
            greetingEn: holiday.greetingEn ?? '',
          },
    );
  }, [holiday, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await submitHoliday({
        ...(holiday && holiday !== 'new' ? { id: holiday.id } : {}),
        name: v.name.trim(),
        date: v.date!.format(DAY),
        endDate: v.endDate ? v.endDate.format(DAY) : null,
        greeting: (v.greeting ?? '').trim(),
        nameEn: (v.nameEn ?? '').trim(),
        greetingEn: (v.greetingEn ?? '').trim(),
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
      open={holiday !== null}
      title={holiday === 'new' ? t('workbench.config.holidays.add') : t('workbench.config.holidays.edit')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('workbench.config.save')}
      cancelText={t('workbench.config.cancel')}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} name="holiday" layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="name"
          label={t('workbench.config.holidays.name')}
          rules={[
            { required: true, whitespace: true, message: t('workbench.config.holidays.nameRequired') },
            { max: HOLIDAY_NAME_MAX, message: t('workbench.config.holidays.nameTooLong', { n: HOLIDAY_NAME_MAX }) },
          ]}
        >
          <Input maxLength={HOLIDAY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="nameEn" label={t('workbench.config.englishName')}>
          <Input maxLength={HOLIDAY_NAME_EN_MAX} />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('workbench.config.holidays.date')}
          rules={[{ required: true, message: t('workbench.config.holidays.dateRequired') }]}
        >
          <DatePicker format={DAY} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={t('workbench.config.holidays.endDate')}
          extra={t('workbench.config.holidays.endDateHint')}
          dependencies={['date']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, end?: Dayjs | null) => {
                const start = getFieldValue('date') as Dayjs | null;
                if (end && start && end.isBefore(start, 'day'))
                  throw new Error(t('workbench.config.holidays.endBeforeStart'));
              },
            }),
          ]}
        >
          <DatePicker format={DAY} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="greeting"
          label={t('workbench.config.holidays.greeting')}
          extra={t('workbench.config.holidays.greetingHint')}
        >
          <Input maxLength={HOLIDAY_GREETING_MAX} showCount />
        </Form.Item>
        <Form.Item name="greetingEn" label={t('workbench.config.holidays.greetingEn')}>
          <Input maxLength={HOLIDAY_GREETING_EN_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
