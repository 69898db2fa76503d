import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { HolidayItem } from '@portal/contracts/workbench';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { holidayConfigListQueryKey, useHolidayConfigList } from '../api/get-holiday-config-list.ts';
import { holidaysQueryKey } from '../api/get-holidays.ts';
import { removeHolidays } from '../api/remove-holidays.ts';
import { ConfigListSection } from './config-list-section.tsx';
import { HolidayDialog } from './holiday-dialog.tsx';
import { tenantToday } from '../../../lib/time-zone.ts';

const DAY_MS = 86_400_000;

/**
 * Holidays of the home page greeting (indexholidayconfig/*): a table with add, edit and delete (after a
 * confirmation). Saving refreshes the greeting (homePage/getHoliday) at once.
 */
export function HolidaysConfigSection() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useHolidayConfigList();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: holidayConfigListQueryKey }),
      qc.invalidateQueries({ queryKey: holidaysQueryKey }),
    ]);
  // The day as the server counts it (homePage/getHoliday).
  const today = tenantToday();
  const status = (h: HolidayItem) => {
    if (h.endDate < today) return <Tag>{t('workbench.config.holidays.past')}</Tag>;
    if (h.date <= today) return <Tag className="wb-tag-ok">{t('workbench.config.holidays.ongoing')}</Tag>;
    const days = Math.round((Date.parse(h.date) - Date.parse(today)) / DAY_MS);
    return <Tag className="wb-tag-info">{t('workbench.config.holidays.coming', { count: days, days })}</Tag>;
  };
  return (
    <ConfigListSection<HolidayItem>
      title={t('workbench.config.holidays.title')}
      hint={t('workbench.config.holidays.hint')}
      addLabel={t('workbench.config.holidays.add')}
      rows={list.data}
      loading={list.isPending}
      columns={[
        { title: t('workbench.config.holidays.name'), dataIndex: 'name' },
        {
          title: t('workbench.config.holidays.date'),
          key: 'date',
          render: (_, h) =>
            h.endDate === h.date ? h.date : t('workbench.config.holidays.range', { date: h.date, endDate: h.endDate }),
        },
        { title: t('workbench.config.holidays.greeting'), dataIndex: 'greeting', ellipsis: true },
        { title: t('workbench.config.holidays.status'), key: 'status', render: (_, h) => status(h) },
      ]}
      rowName={(h) => h.name}
      removeConfirm={(h) => t('workbench.config.holidays.removeConfirm', { name: h.name })}
      remove={(h) => removeHolidays([h.id])}
      refresh={refresh}
      dialog={(editing, onClose) => <HolidayDialog holiday={editing} onClose={onClose} />}
    />
  );
}
