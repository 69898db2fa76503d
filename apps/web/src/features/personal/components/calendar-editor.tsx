import {
  CALENDAR_EVENT_KINDS,
  CalendarEventSaveRequest,
  type CalendarEvent,
  type Semester,
} from '@portal/contracts/personal';
import { App, Button, Empty, Form, Input, Modal, Select, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useRemoveCalendarEvent } from '../api/remove-calendar-event.ts';
import { useRemoveSemester } from '../api/remove-semester.ts';
import { useSaveCalendarEvent } from '../api/save-calendar-event.ts';
import { useSaveSemester } from '../api/save-semester.ts';
import { useSchoolCalendar } from '../api/get-school-calendar.ts';
import { useToast } from '../../../components/toast.tsx';

type Kind = CalendarEvent['kind'];
type Editing = { type: 'semester'; row: Semester | null } | { type: 'event'; row: CalendarEvent | null } | null;
type FormValues = { term?: 1 | 2; kind?: Kind; name: string; startDate: string; endDate: string };

/** The school year after "2026-2027". */
const nextYear = (y: string) => `${Number(y.slice(0, 4)) + 1}-${Number(y.slice(5)) + 1}`;

/**
 * Editing the school calendar of one school year (holders of the home page configuration): its semesters and its
 * holidays, vacations and exam weeks. The server checks every rule (terms, overlaps, dates in the school year) and
 * its message shows as the HTTP layer's toast; the form stays open until a save succeeds.
 */
export function CalendarEditor({
  open,
  onClose,
  initialYear,
  years,
}: {
  open: boolean;
  onClose: () => void;
  initialYear: string;
  years: string[];
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [year, setYear] = useState(initialYear);
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<FormValues>();
  const calendar = useSchoolCalendar({ schoolYear: year });
  const saveSemester = useSaveSemester();
  const saveEvent = useSaveCalendarEvent();
  const removeSemester = useRemoveSemester();
  const removeEvent = useRemoveCalendarEvent();
  const newest = [...years, initialYear].sort().at(-1)!;
  const yearOptions = Array.from(new Set([...years, initialYear, nextYear(newest)]))
    .sort()
    .reverse();

  const startEdit = (next: NonNullable<Editing>) => setEditing(next);
  const initialValues = (e: NonNullable<Editing>): FormValues => {
    const row = e.row;
    return e.type === 'semester'
      ? {
          term: (row as Semester | null)?.term === 2 ? 2 : 1,
          name: row?.name ?? '',
          startDate: row?.startDate ?? '',
          endDate: row?.endDate ?? '',
        }
      : {
          kind: (row as CalendarEvent | null)?.kind ?? 'holiday',
          name: row?.name ?? '',
          startDate: row?.startDate ?? '',
          endDate: row?.endDate ?? '',
        };
  };

  const submit = async () => {
    if (!editing) return;
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    try {
      if (editing.type === 'semester') {
        await saveSemester.mutateAsync({
          ...(editing.row ? { id: editing.row.id } : {}),
          schoolYear: year,
          term: v.term ?? 1,
          name: v.name,
          startDate: v.startDate,
          endDate: v.endDate,
        });
      } else {
        await saveEvent.mutateAsync({
          ...(editing.row ? { id: editing.row.id } : {}),
          schoolYear: year,
          kind: v.kind ?? 'holiday',
          name: v.name,
          startDate: v.startDate,
          endDate: v.endDate,
        });
      }
      void message.success(t('personal.calendarEdit.saved'));
      setEditing(null);
    } catch {
      // The HTTP layer has shown the server's message; the form stays open for a correction.
    }
  };

  const confirmRemove = (name: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: t('personal.calendarEdit.removeConfirm', { name }),
      okText: t('personal.calendarEdit.remove'),
      okButtonProps: { danger: true },
      cancelText: t('personal.calendarEdit.cancel'),
      onOk: () =>
        remove().then(
          () => void message.success(t('personal.calendarEdit.removed')),
          () => undefined,
        ),
    });

  // The visible word, then the item's name for screen readers ("删除 国庆节"), as content (not aria-label).
  const rowActions = (name: string, onEdit: () => void, onRemove: () => void) => (
    <Space size={4}>
      <Button size="small" onClick={onEdit}>
        {t('personal.calendarEdit.edit')}
        <span className="pc-visually-hidden"> {name}</span>
      </Button>
      <Button size="small" danger onClick={onRemove}>
        {t('personal.calendarEdit.remove')}
        <span className="pc-visually-hidden"> {name}</span>
      </Button>
    </Space>
  );

  const data = calendar.data?.schoolYear === year ? calendar.data : undefined;
  const required = (field: string) => [
    { required: true, whitespace: true, message: t('personal.calendarEdit.required', { field }) },
  ];
  const busy = saveSemester.isPending || saveEvent.isPending;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('personal.calendarEdit.title', { year })}
      footer={<Button onClick={onClose}>{t('personal.calendarEdit.close')}</Button>}
      width={720}
      className="pc-calendar-editor"
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Select
          aria-label={t('personal.calendar.schoolYear')}
          value={year}
          onChange={setYear}
          options={yearOptions.map((y) => ({ value: y, label: y }))}
          style={{ width: 160 }}
        />
        {!data ? (
          <Skeleton active />
        ) : (
          <>
            <section aria-labelledby="pc-edit-semesters">
              <div className="pc-edit-head">
                <h3 id="pc-edit-semesters" className="pc-sub-title">
                  {t('personal.calendarEdit.semesters')}
                </h3>
                <Button size="small" type="primary" onClick={() => startEdit({ type: 'semester', row: null })}>
                  {t('personal.calendarEdit.addSemester')}
                </Button>
              </div>
              {data.semesters.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.calendarEdit.empty')} />
              ) : (
                <ul className="pc-history">
                  {data.semesters.map((s) => (
                    <li key={s.id} className="pc-edit-row">
                      <span>
                        <strong>{s.name}</strong>{' '}
                        <span className="pc-muted">
                          {t('personal.calendar.range', { start: s.startDate, end: s.endDate, weeks: s.weeks })}
                        </span>
                      </span>
                      {rowActions(
                        s.name,
                        () => startEdit({ type: 'semester', row: s }),
                        () => confirmRemove(s.name, () => removeSemester.mutateAsync(s.id)),
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="pc-edit-events">
              <div className="pc-edit-head">
                <h3 id="pc-edit-events" className="pc-sub-title">
                  {t('personal.calendarEdit.events')}
                </h3>
                <Button size="small" type="primary" onClick={() => startEdit({ type: 'event', row: null })}>
                  {t('personal.calendarEdit.addEvent')}
                </Button>
              </div>
              {data.events.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.calendarEdit.empty')} />
              ) : (
                <ul className="pc-history">
                  {data.events.map((e) => (
                    <li key={e.id} className="pc-edit-row">
                      <span>
                        <Tag className={`pc-kind pc-kind-${e.kind}`}>{t(`personal.calendar.kinds.${e.kind}`)}</Tag>
                        {e.name}{' '}
                        <span className="pc-muted">
                          {e.startDate === e.endDate ? e.startDate : `${e.startDate} ~ ${e.endDate}`}
                        </span>
                      </span>
                      {rowActions(
                        e.name,
                        () => startEdit({ type: 'event', row: e }),
                        () => confirmRemove(e.name, () => removeEvent.mutateAsync(e.id)),
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Space>

      <Modal
        open={editing !== null}
        title={t(
          editing?.type === 'semester'
            ? editing.row
              ? 'personal.calendarEdit.editSemester'
              : 'personal.calendarEdit.newSemester'
            : editing?.row
              ? 'personal.calendarEdit.editEvent'
              : 'personal.calendarEdit.newEvent',
        )}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('personal.calendarEdit.save')}
        cancelText={t('personal.calendarEdit.cancel')}
        confirmLoading={busy}
        destroyOnHidden
      >
        {editing && (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={initialValues(editing)}
            onFinish={() => void submit()}
          >
            {editing?.type === 'semester' ? (
              <Form.Item name="term" label={t('personal.calendarEdit.term')} rules={[{ required: true }]}>
                <Select options={[1, 2].map((n) => ({ value: n, label: t(`personal.calendarEdit.terms.${n}`) }))} />
              </Form.Item>
            ) : (
              <Form.Item name="kind" label={t('personal.calendarEdit.kind')} rules={[{ required: true }]}>
                <Select
                  options={CALENDAR_EVENT_KINDS.map((k) => ({ value: k, label: t(`personal.calendar.kinds.${k}`) }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="name"
              label={t('personal.calendarEdit.name')}
              rules={required(t('personal.calendarEdit.name'))}
            >
              <Input maxLength={maxLengthOf(CalendarEventSaveRequest.shape.name)} showCount />
            </Form.Item>
            <Form.Item
              name="startDate"
              label={t('personal.calendarEdit.startDate')}
              rules={required(t('personal.calendarEdit.startDate'))}
            >
              <Input type="date" />
            </Form.Item>
            <Form.Item
              name="endDate"
              label={t('personal.calendarEdit.endDate')}
              rules={required(t('personal.calendarEdit.endDate'))}
            >
              <Input type="date" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Modal>
  );
}
