import type { Holiday } from '@portal/contracts/workbench';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useHolidays } from '../api/get-holidays.ts';
import { greetingKey, nextHoliday } from '../lib/display.ts';
import '../workbench.css';
import { tenantHour } from '../../../lib/tenant-clock.ts';

type Props = { enabled: boolean; now?: Date; holidays?: Holiday[] };

/**
 * The top of the home page: a greeting by the time of day and the nearest coming holiday
 * (homePage/getHoliday): 'N days to …', or on the holiday itself (every day of a holiday of several days) its
 * greeting, configured on homePageConfig, else a default wish.
 */
export function HomeBanner({ enabled, now = new Date(), holidays }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const user = useSession((s) => s.user);
  const query = useHolidays(enabled && !holidays);
  const holiday = nextHoliday(holidays ?? query.data ?? []);
  // The name and greeting in the interface's language: their English where an administrator gave it (ADR 0074).
  const name = holiday ? text(holiday.name, holiday.nameEn) : '';
  const greeting = holiday ? text(holiday.greeting, holiday.greetingEn) : '';
  return (
    <section className="wb-banner" aria-label={t('workbench.banner.label')} data-testid="home-banner">
      <p className="wb-greeting">
        {t(`workbench.banner.${greetingKey(tenantHour(now))}`, { name: user?.user_name ?? '' })}
      </p>
      {holiday && (
        <p className="wb-holiday" data-testid="holiday">
          {holiday.daysLeft > 0
            ? t('workbench.banner.holidayIn', {
                name,
                count: holiday.daysLeft,
                days: holiday.daysLeft,
                date: holiday.date,
              })
            : greeting
              ? t('workbench.banner.holidayTodayGreeting', { name, greeting })
              : t('workbench.banner.holidayToday', { name })}
        </p>
      )}
    </section>
  );
}
