import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountBinding } from '@portal/contracts/services';
import { App, Button, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useSessionTime } from '../../../lib/session/session-time.ts';
import { useBindList } from '../api/get-bind-list.ts';
import { afterRemoveBind, removeBind } from '../api/remove-bind.ts';
import { splitDuration } from '../lib/calendar.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SectionCard } from './section-card.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { useToast } from '../../../components/toast.tsx';

/**
 * Seconds left on the session of the CAS ticket this login holds, as the session guard's last check (every 30 s,
 * 7.3 getSessionValidTime) found them: the page does not ask the server a second time.
 */
function SessionValidTime() {
  const { t } = useTranslation();
  const ticket = useSession((s) => s.casTicket);
  const latest = useSessionTime();
  if (!ticket) return <span>{t('personal.security.sessionUnknown')}</span>;
  // Until the guard's first check: the two lines the answer takes, so nothing below moves when it comes (issue 10).
  if (!latest)
    return (
      <span className="pc-session" aria-busy="true">
        <span className="pending-line">{'\u00a0'}</span>
        <span className="pending-line">{'\u00a0'}</span>
      </span>
    );
  const valid = { data: latest };
  if (valid.data.validTime <= 0) return <Tag color="red">{t('personal.security.sessionExpired')}</Tag>;
  const { hours, minutes } = splitDuration(valid.data.validTime);
  return (
    <span data-testid="session-valid-time" className="pc-session">
      <span>{t('personal.security.sessionLeft', { hours, minutes })}</span>
      {valid.data.expireTime > 0 && (
        <span className="pc-muted">
          {t('personal.security.sessionUntil', { time: formatTenantTime(valid.data.expireTime) })}
        </span>
      )}
    </span>
  );
}

/** Account security: third-party bindings with unbind (7.4 accountSecurity/removeBind), and the session valid time. */
export function AccountSecurityCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const client = useQueryClient();
  const bindings = useBindList();
  const unbind = useMutation({
    mutationFn: (b: AccountBinding) => removeBind(b.source),
    onSuccess: (_r, b) => {
      afterRemoveBind(client, b.source);
      void message.success(t('personal.security.unbound'));
    },
  });
  const confirm = (b: AccountBinding) =>
    modal.confirm({
      title: t('personal.security.confirmTitle', { source: b.sourceName }),
      content: t('personal.security.confirmBody', { source: b.sourceName, nick: b.nickName }),
      okText: t('personal.security.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('personal.security.cancel'),
      onOk: () => unbind.mutateAsync(b),
    });

  return (
    <SectionCard title={t('personal.security.title')}>
      <Descriptions
        column={1}
        size="small"
        items={[{ key: 'session', label: t('personal.security.session'), children: <SessionValidTime /> }]}
      />
      <h3 className="pc-sub-title">{t('personal.security.bindings')}</h3>
      {bindings.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : bindings.isError ? (
        <LoadFailed name={t('personal.security.bindings')} onRetry={() => void bindings.refetch()} />
      ) : bindings.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.security.noBindings')} />
      ) : (
        <List
          size="small"
          dataSource={bindings.data}
          renderItem={(b) => (
            <List.Item
              data-source={b.source}
              actions={[
                <Button
                  key="unbind"
                  size="small"
                  danger
                  onClick={() => confirm(b)}
                  aria-label={t('personal.security.unbindAria', { source: b.sourceName })}
                  loading={unbind.isPending && unbind.variables?.source === b.source}
                >
                  {t('personal.security.unbind')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${b.sourceName} · ${b.nickName}`}
                description={t('personal.security.boundAt', { time: formatTenantTime(b.boundAt) })}
              />
            </List.Item>
          )}
        />
      )}
    </SectionCard>
  );
}
