import { BgColorsOutlined, ExportOutlined } from '@ant-design/icons';
import type { ServiceItem } from '@portal/contracts/services';
import { Button, Descriptions, Empty, List, Skeleton, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-store.ts';
import { useGuiseLogoInfo } from '../api/get-guise-logo-info.ts';
import { useMyCollect } from '../api/get-my-collect.ts';
import { useSystemAccessLinks } from '../api/get-system-access-links.ts';
import { useUserInfo } from '../api/get-user-info.ts';
import { isWebUrl } from '../lib/calendar.ts';
import { AccountSecurityCard } from './account-security-card.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { MyRatesCard, RecentServicesCard } from './history-cards.tsx';
import { SchoolCalendarCard } from './school-calendar-card.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SectionCard } from './section-card.tsx';
import '../personal.css';

/** My profile (GET getUserInfo) with the school's logo and name (GET platformApplyGuiseLogoInfo). */
function ProfileCard() {
  const { t } = useTranslation();
  const sessionUser = useSession((s) => s.user);
  const info = useUserInfo();
  const logo = useGuiseLogoInfo();
  const user = info.data ?? sessionUser;
  return (
    <SectionCard title={t('personal.profile.title')} className="pc-profile">
      {!user ? (
        info.isError ? (
          <LoadFailed name={t('personal.profile.title')} onRetry={() => void info.refetch()} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <div className="pc-profile-body">
          <div className="pc-avatar" aria-hidden="true">
            {user.user_name.slice(0, 1)}
          </div>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'name',
                label: t('personal.profile.userName'),
                children: <span data-testid="profile-name">{user.user_name}</span>,
              },
              { key: 'nick', label: t('personal.profile.nickName'), children: user.nick_name },
              {
                key: 'account',
                label: t('personal.profile.account'),
                children: <span data-testid="profile-account">{user.account}</span>,
              },
              { key: 'roles', label: t('personal.profile.roles'), children: user.roleName },
              {
                key: 'tenant',
                label: t('personal.profile.tenant'),
                children: (
                  // The school's name, its system's name on a line below: the logo's place and that line are
                  // kept while their answer comes, so nothing below moves when it does (issue 10).
                  <span className="pc-tenant">
                    <span className="pc-tenant-name">
                      {logo.isPending ? (
                        <span className="pc-logo-slot" aria-hidden="true" />
                      ) : (
                        logo.data?.logo && (
                          <img
                            src={logo.data.logo}
                            alt={t('personal.profile.logoAlt', { name: user.tenant_name })}
                            width={20}
                            height={20}
                          />
                        )
                      )}
                      <span>{user.tenant_name}</span>
                    </span>
                    {logo.isPending ? (
                      <span className="pending-line" aria-hidden="true">
                        {'\u00a0'}
                      </span>
                    ) : (
                      logo.data?.systemName && (
                        // The system's name is the tenant's (Chinese) data; its brackets are the interface's.
                        <span className="pc-muted">
                          {t('personal.profile.systemName', { name: logo.data.systemName })}
                        </span>
                      )
                    )}
                  </span>
                ),
              },
            ]}
          />
        </div>
      )}
    </SectionCard>
  );
}

/** My favourites (GET serverCenter/myCollect); they are opened and ordered in the service hall. */
function FavouritesCard() {
  const { t } = useTranslation();
  const favs = useMyCollect();
  return (
    <SectionCard
      title={t('personal.favourites.title')}
      extra={<Link to="/home/serviceHall">{t('personal.favourites.goHall')}</Link>}
    >
      {favs.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : favs.isError ? (
        <LoadFailed name={t('personal.favourites.title')} onRetry={() => void favs.refetch()} />
      ) : favs.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.favourites.empty')} />
      ) : (
        <List
          size="small"
          dataSource={favs.data}
          renderItem={(s) => (
            <List.Item data-service-id={s.serviceId}>
              <List.Item.Meta
                title={s.serviceName}
                description={[s.serviceDeptName, s.serviceSceneName].filter(Boolean).join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
    </SectionCard>
  );
}

/** Links of the systems the user may open (GET personInfo/getSystemAccessLink), each in a new window. */
function AccessLinksCard() {
  const { t } = useTranslation();
  const links = useSystemAccessLinks();
  const safe = (links.data ?? []).filter((l) => isWebUrl(l.systemUrl));
  return (
    <SectionCard title={t('personal.links.title')}>
      {links.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : links.isError ? (
        <LoadFailed name={t('personal.links.title')} onRetry={() => void links.refetch()} />
      ) : safe.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.links.empty')} />
      ) : (
        <ul className="pc-links">
          {safe.map((l) => (
            <li key={l.id}>
              <a href={l.systemUrl} target="_blank" rel="noopener noreferrer" className="pc-link">
                <span className="pc-link-name">
                  {l.systemName} <ExportOutlined aria-hidden="true" />
                </span>
                {l.description && <span className="pc-link-desc">{l.description}</span>}
                <span className="pc-visually-hidden">{t('personal.links.newWindow')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

type ThemeDialogSlot = (props: { open: boolean; onClose: () => void }) => ReactNode;

/** My theme: the user theme dialog, handed in by the route (features do not import each other). */
function ThemeCard({ themeDialog }: { themeDialog: ThemeDialogSlot }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={t('personal.theme.title')}>
      <Typography.Paragraph className="pc-muted">{t('personal.theme.body')}</Typography.Paragraph>
      <Button icon={<BgColorsOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('personal.theme.open')}
      </Button>
      {themeDialog({ open, onClose: () => setOpen(false) })}
    </SectionCard>
  );
}

type Props = {
  /** Renders the user theme dialog; without it the theme section is left out. */
  themeDialog?: ThemeDialogSlot;
  /** Today, YYYY-MM-DD (tests fix it). */
  today?: string;
  /** Opens a service as 4.4 says (the services feature's opener, handed in by the route). */
  onOpenService?: (s: ServiceItem) => void;
  /** The privacy settings of other features (the chat's read receipts), handed in by the route. */
  privacySettings?: ReactNode;
};

/** /home/PersonalCenter (2.1): profile, account security, recently used services, theme, school calendar, system links, favourites and own ratings. */
export function PersonalCenterPage({ themeDialog, today, onOpenService, privacySettings }: Props) {
  const { t } = useTranslation();
  return (
    <div className="pc-page">
      <h1 className="pc-title">{t('personal.title')}</h1>
      <div className="pc-grid">
        <div className="pc-column">
          <ProfileCard />
          <AccountSecurityCard />
          <ChangePasswordCard />
          <RecentServicesCard onOpen={onOpenService} />
          {themeDialog && <ThemeCard themeDialog={themeDialog} />}
          {privacySettings && <SectionCard title={t('personal.privacy.title')}>{privacySettings}</SectionCard>}
        </div>
        {/* The school calendar, the tallest card and the last to arrive, ends its column: what it brings moves no card
            below it (it moved the three others out of a 1366 × 940 window, a layout shift of 0.13, issue 10). */}
        <div className="pc-column">
          <AccessLinksCard />
          <FavouritesCard />
          <MyRatesCard />
          <SchoolCalendarCard today={today} />
        </div>
      </div>
    </div>
  );
}
