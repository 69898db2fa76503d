import type { Holiday } from '@portal/contracts/workbench';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useHolidays } from '../api/get-holidays.ts';
import { greetingKey, nextHoliday } from '../lib/display.ts';
import '../workbench.css';
import { tenantHour } from '../../../lib/time-zone.ts';

type Props = { enabled: boolean; now?: Date; holidays?: Holiday[] };

/**
 * The top of the home page: a greeting by the time of day and the nearest coming holiday
 * (homePage/getHoliday): 'N days to …', or on the holiday itself (every day of a holiday of several days) its
 * greeting, configured on homePageConfig, else a default wish.
 */
export function HomeBanner({ enabled, now = new Date(), holidays }: Props) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const query = useHolidays(enabled && !holidays);
  const holiday = nextHoliday(holidays ?? query.data ?? []);
  return (
    <section className="wb-banner" aria-label={t('workbench.banner.label')} data-testid="home-banner">
      <p className="wb-greeting">
        {t(`workbench.banner.${greetingKey(tenantHour(now))}`, { name: user?.user_name ?? '' })}
      </p>
      {holiday && (
        <p className="wb-holiday" data-testid="holiday">
          {holiday.daysLeft > 0
            ? t('workbench.banner.holidayIn', {
                name: holiday.name,
                count: holiday.daysLeft,
                days: holiday.daysLeft,
                date: holiday.date,
              })
            : holiday.greeting
              ? t('workbench.banner.holidayTodayGreeting', { name: holiday.name, greeting: holiday.greeting })
              : t('workbench.banner.holidayToday', { name: holiday.name })}
        </p>
      )}
    </section>
  );
}
