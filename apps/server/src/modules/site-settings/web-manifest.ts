import { DEFAULT_PWA_ICONS, type WebManifest } from '@portal/contracts/pwa';
import type { AppDeps } from '../../platform/http.ts';
import { tenantOfId } from '../auth/auth.service.ts';
import { guiseLogo } from './site-settings.service.ts';

const COLOUR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;
const SUFFIX = '网上办事服务大厅';

/**
 * The tenant's web app manifest (issue 18): the system name and theme colour of its logo settings (7.4
 * platformapplyguiselogo), its logo as an icon when it has one on this site or over HTTPS, then the portal's own icons
 * (192 and 512 px, and a maskable one) that make it installable whatever the tenant configured.
 */
export async function webManifest(deps: AppDeps, tenantId: string): Promise<WebManifest> {
  await tenantOfId(deps, tenantId); // an unknown tenant: 404
  const { systemName, themeColor, logo } = await guiseLogo(deps, tenantId);
  const name = systemName || SUFFIX;
  const short = name.endsWith(SUFFIX) && name.length > SUFFIX.length ? name.slice(0, -SUFFIX.length) : name;
  const ownLogo = logo && (logo.startsWith('/') || logo.startsWith('https://')) && !logo.startsWith('//');
  return {
    id: `/?tenantId=${encodeURIComponent(tenantId)}`,
    name,
    short_name: short.length > 12 ? short.slice(0, 12) : short,
    description: name,
    lang: 'zh-CN',
    start_url: `/home/homePage?tenantId=${encodeURIComponent(tenantId)}`,
    scope: '/',
    display: 'standalone',
    theme_color: COLOUR.test(themeColor) ? themeColor : '#008cff',
    background_color: '#ffffff',
    icons: [...(ownLogo ? [{ src: logo, sizes: 'any', purpose: 'any' }] : []), ...DEFAULT_PWA_ICONS],
  };
}
