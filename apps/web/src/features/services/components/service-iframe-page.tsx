import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { formatHeat } from '@portal/contracts/constants';
import { Button, Descriptions, Result, Spin, Typography } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-store.ts';
import { getCombTicket, useCombTicket } from '../api/get-comb-ticket.ts';
import { useServiceDetails } from '../api/get-service-details.ts';
import { useTools } from '../api/get-tools.ts';
import { EmbeddedFrame } from '../../../components/embedded-frame.tsx';
import { embeddableUrl, mayEmbed } from '../../../lib/embed.ts';
import { modelWindowConfig } from '../lib/model-window.ts';
import { withCombStr } from '../lib/open-service.ts';
import { landingTenant } from '../lib/tenant.ts';
import { ServiceIcon } from './service-icon.tsx';

import '../services.css';

/**
 * /home/serviceIframPage?url=…&title=…: a configured page embedded (4.6 openServiceIfram: the page of a common
 * tool). Only pages of this site and urls configured as common tools are embedded.
 */
function EmbeddedToolPage({ raw, title }: { raw: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const url = embeddableUrl(raw);
  const external = !!url && url.origin !== window.location.origin;
  const tools = useTools(landingTenant(), external);
  if (external && tools.isPending) return <Spin />;
  const configured = (tools.data ?? []).map((tool) => modelWindowConfig(tool.tools_url).url).filter(Boolean);
  if (!url || !mayEmbed(url, configured))
    return <Result status="warning" title={<h1 className="svc-frame-refused">{t('services.badEmbedUrl')}</h1>} />;
  const name = title || t('services.modelWindow');
  return (
    <section className="svc-frame-page" aria-labelledby="svc-frame-title">
      <div className="svc-frame-head">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
          {t('services.back')}
        </Button>
        <Typography.Title level={1} id="svc-frame-title" className="svc-frame-title">
          {name}
        </Typography.Title>
        <Button icon={<ExportOutlined aria-hidden />} href={url.href} target="_blank" rel="noopener noreferrer">
          {t('services.openNew')}
        </Button>
      </div>
      <EmbeddedFrame className="svc-frame" src={url.href} title={t('services.frameTitle', { name })} />
    </section>
  );
}

/**
 * /home/serviceIframPage: a service opened in the page ('1001'): its details and the service embedded; or,
 * with ?url=, a configured page embedded (4.6 openServiceIfram).
 */
export function ServiceIframePage() {
  const [params] = useSearchParams();
  const url = params.get('url');
  if (url !== null && !params.get('serviceId')) return <EmbeddedToolPage raw={url} title={params.get('title') ?? ''} />;
  return <EmbeddedServicePage />;
}

function EmbeddedServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = useSession((s) => s.currentServiceId);
  const user = useSession((s) => s.user);
  const serviceId = params.get('serviceId') ?? remembered ?? '';
  const details = useServiceDetails(serviceId);
  // accessWay '5': the embedded service gets a one-time combStr of its own; "open in a new window" asks for another.
  const comb = details.data?.accessWay === '5' && !!user;
  const ticket = useCombTicket(serviceId, comb);
  if (!serviceId) return <Result status="404" title={t('services.empty')} />;
  if (details.isLoading || (comb && ticket.isPending)) return <Spin />;
  const s = details.data;
  if (!s) return <Result status="warning" title={t('services.empty')} />;
  const url = comb ? withCombStr(s.serviceUrl, ticket.data?.combStr ?? null) : s.serviceUrl;
  const openNew = async () =>
    window.open(withCombStr(s.serviceUrl, (await getCombTicket(serviceId)).combStr), '_blank', 'noopener');
  return (
    <section className="svc-frame-page" aria-labelledby="svc-frame-title">
      <div className="svc-frame-head">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
          {t('services.back')}
        </Button>
        <ServiceIcon src={s.serviceIcon} size={32} />
        <Typography.Title level={1} id="svc-frame-title" className="svc-frame-title">
          {s.serviceName}
        </Typography.Title>
        {comb ? (
          <Button icon={<ExportOutlined aria-hidden />} onClick={() => void openNew().catch(() => undefined)}>
            {t('services.openNew')}
          </Button>
        ) : (
          <Button icon={<ExportOutlined aria-hidden />} href={url} target="_blank" rel="noopener noreferrer">
            {t('services.openNew')}
          </Button>
        )}
      </div>
      {/* One item a line on a phone, two on a tablet, four on a desktop (at 390 px four columns put the values a
          character a line). */}
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} className="svc-frame-desc">
        <Descriptions.Item label={t('services.dept')}>{s.serviceDeptName}</Descriptions.Item>
        <Descriptions.Item label={t('services.scene')}>{s.serviceSceneName}</Descriptions.Item>
        <Descriptions.Item label={t('services.type')}>{s.serviceTypeName}</Descriptions.Item>
        <Descriptions.Item label={t('services.visits')}>{formatHeat(s.visitCount)}</Descriptions.Item>
      </Descriptions>
      <p className="svc-frame-text">{s.description}</p>
      <EmbeddedFrame
        className="svc-frame"
        src={url}
        title={t('services.frameTitle', { name: s.serviceName })}
        onOpenNew={comb ? () => void openNew().catch(() => undefined) : undefined}
      />
    </section>
  );
}
