import type { CalendarEvent } from '@portal/contracts/personal';
import { CALENDAR_EDIT_MENU } from '@portal/contracts/personal';
import { Alert, Button, Select, Skeleton, Space, Tag } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSchoolCalendar } from '../api/get-school-calendar.ts';
import { currentWeekOf, localToday, semesterWeeks, type SemesterWeek } from '../lib/calendar.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { CalendarEditor } from './calendar-editor.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SectionCard } from './section-card.tsx';

/**
 * A range of days, `start ~ end` (one day when they are the same): each date stays whole on a phone, the line
 * breaks only between them (2026-11-16 ~ 2026-/11-22 broke inside the second date at 390 px).
 */
function DateRange({ start, end }: { start: string; end: string }) {
  if (start === end) return <span className="pc-date">{start}</span>;
  return (
    <>
      <span className="pc-date">{start}</span> ~ <span className="pc-date">{end}</span>
    </>
  );
}

/** The school calendar (7.9 scSemester/getSchoolCalendar): the current teaching week, semesters, weeks and holidays. */
export function SchoolCalendarCard({ today = localToday() }: { today?: string }) {
  const { t } = useTranslation();
  const [schoolYear, setSchoolYear] = useState<string | undefined>(undefined);
  const calendar = useSchoolCalendar(schoolYear ? { schoolYear, date: today } : { date: today });
  const data = calendar.data;
  // The week is the client's own reading of today against the semesters (the same rule as the server's).
  const current = useMemo(() => (data ? currentWeekOf(data, today) : null), [data, today]);
  const shownSemester = current?.semester ?? data?.semesters[0] ?? null;
  const weeks = useMemo(
    () => (shownSemester && data ? semesterWeeks(shownSemester, data.events) : []),
    [shownSemester, data],
  );
  const years = data ? Array.from(new Set([data.schoolYear, ...data.schoolYears])) : [];
  // Holders of the home page configuration edit the calendar (the server checks it again).
  const canEdit = useSession((s) => s.configurationMenu.some((m) => m.name === CALENDAR_EDIT_MENU));
  const [editing, setEditing] = useState(false);
  // Scroll the week list so the current week is in view.
  const weeksBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = weeksBox.current;
    const row = box?.querySelector<HTMLElement>('[aria-current="date"]');
    if (box && row) box.scrollTop = Math.max(0, row.offsetTop - row.offsetHeight * 2);
  }, [weeks, current]);

  const eventTags = (events: CalendarEvent[]) =>
    events.map((e) => (
      <Tag key={`${e.name}-${e.startDate}`} className={`pc-kind pc-kind-${e.kind}`}>
        {e.name}
      </Tag>
    ));

  return (
    <SectionCard
      title={t('personal.calendar.title')}
      className="pc-calendar"
      extra={
        <Space size={8}>
          {years.length > 0 && (
            <Select
              size="small"
              aria-label={t('personal.calendar.schoolYear')}
              value={data?.schoolYear}
              onChange={(v) => setSchoolYear(v)}
              options={years.map((y) => ({ value: y, label: y }))}
              style={{ minWidth: 120 }}
            />
          )}
          {canEdit && data && (
            <Button size="small" onClick={() => setEditing(true)}>
              {t('personal.calendarEdit.open')}
            </Button>
          )}
        </Space>
      }
    >
      {canEdit && data && editing && (
        <CalendarEditor
          open={editing}
          onClose={() => setEditing(false)}
          initialYear={data.schoolYear}
          years={data.schoolYears}
        />
      )}
      {calendar.isPending ? (
        <Skeleton active />
      ) : calendar.isError || !data ? (
        <LoadFailed name={t('personal.calendar.title')} onRetry={() => void calendar.refetch()} />
      ) : (
        <>
          {data.current ? (
            <p className="pc-current-week" data-testid="current-week">
              <strong className="pc-week-badge">
                {t('personal.calendar.currentWeek', { week: data.current.week })}
              </strong>{' '}
              {t('personal.calendar.currentLine', {
                semester: data.current.semesterName,
                week: data.current.week,
                weeks: data.current.weeks,
              })}
            </p>
          ) : (
            <p className="pc-current-week" data-testid="current-week">
              {t('personal.calendar.vacation')}
            </p>
          )}
          {data.semesters.length === 0 ? (
            <Alert type="info" showIcon message={t('personal.calendar.noCalendar', { year: data.schoolYear })} />
          ) : (
            <>
              <ul className="pc-semesters" aria-label={t('personal.calendar.semester')}>
                {data.semesters.map((s) => (
                  <li key={s.id}>
                    <strong>{s.name}</strong>
                    <span className="pc-muted">
                      {' '}
                      {t('personal.calendar.range', { start: s.startDate, end: s.endDate, weeks: s.weeks })}
                    </span>
                  </li>
                ))}
              </ul>
              {data.events.length > 0 && (
                <>
                  <h3 className="pc-sub-title">{t('personal.calendar.eventList')}</h3>
                  <ul className="pc-events">
                    {data.events.map((e) => (
                      <li key={e.id}>
                        <Tag className={`pc-kind pc-kind-${e.kind}`}>{t(`personal.calendar.kinds.${e.kind}`)}</Tag>
                        {e.name}{' '}
                        <span className="pc-muted">
                          <DateRange start={e.startDate} end={e.endDate} />
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {shownSemester && (
                <>
                  <h3 className="pc-sub-title">{t('personal.calendar.weeksOf', { name: shownSemester.name })}</h3>
                  <div
                    ref={weeksBox}
                    className="pc-weeks"
                    tabIndex={0}
                    role="group"
                    aria-label={t('personal.calendar.weeksOf', { name: shownSemester.name })}
                  >
                    <DataTable<SemesterWeek>
                      label={t('personal.calendar.weeksOf', { name: shownSemester.name })}
                      size="small"
                      rowKey="week"
                      pagination={false}
                      dataSource={weeks}
                      rowClassName={(w) =>
                        current && current.semester.id === shownSemester.id && w.week === current.week
                          ? 'pc-week-current'
                          : ''
                      }
                      onRow={(w) =>
                        (current && current.semester.id === shownSemester.id && w.week === current.week
                          ? { 'aria-current': 'date' }
                          : {}) as React.HTMLAttributes<HTMLElement>
                      }
                      columns={[
                        {
                          title: t('personal.calendar.week'),
                          dataIndex: 'week',
                          width: 110,
                          render: (week: number) => (
                            <>
                              {t('personal.calendar.currentWeek', { week })}
                              {current && current.semester.id === shownSemester.id && week === current.week && (
                                <Tag className="pc-kind pc-kind-event pc-this-week">
                                  {t('personal.calendar.current')}
                                </Tag>
                              )}
                            </>
                          ),
                        },
                        {
                          title: t('personal.calendar.dates'),
                          key: 'dates',
                          render: (_v, w) => <DateRange start={w.startDate} end={w.endDate} />,
                        },
                        { title: t('personal.calendar.events'), key: 'events', render: (_v, w) => eventTags(w.events) },
                      ]}
                    />
                  </div>
                </>
              )}
            </>
          )}
        </>
      )}
    </SectionCard>
  );
}
