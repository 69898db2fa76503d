import './zod-setup.ts';
import { z } from 'zod';

/**
 * Issue 18: the installable portal. The web app manifest is the tenant's (school name, theme colour, logo), served by
 * the server at WEB_MANIFEST_PATH?tenantId=…; the service worker (Workbox through vite-plugin-pwa) is /sw.js.
 */
export { WEB_MANIFEST_PATH } from './constants.ts';
export const SERVICE_WORKER_PATH = '/sw.js';

/** The portal's own icons (apps/web/public/icons), used beside a tenant's logo or alone. */
export const DEFAULT_PWA_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export const WebManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string().optional(),
  purpose: z.string().optional(),
});

export const WebManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(WebManifestIcon),
});
export type WebManifest = z.infer<typeof WebManifest>;
