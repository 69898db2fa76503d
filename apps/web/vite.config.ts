import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, minifySync, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const BOOT_SCRIPTS = ['first-screen-boot.js', 'home-boot.js'];

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of the build over 1 KB,
 * once, so the server sends them as they are (@fastify/static's preCompressed) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // The loaders a page names in its head (public/*-boot.js: ADR 0061, 0076) are copied from public/ as written, with
    // their comments: minified here, before anything is compressed or listed by the service worker.
    writeBundle() {
      for (const file of BOOT_SCRIPTS) {
        const path = join(outDir, file);
        writeFileSync(path, minifySync(file, readFileSync(path, 'utf8')).code);
      }
    },
    closeBundle() {
      // Not the server's first-screen build (dist/.ssr: firstScreen below), which no browser is sent.
      const walk = (dir: string): string[] =>
        readdirSync(dir)
          .filter((f) => !f.startsWith('.'))
          .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The code parts of the routes a visit often starts on, by path: the page's own part (and the /home shell's) are
 * lazy, so the browser would ask for them only once the first script has run and the router has matched. The build
 * writes `route-preloads.json` (path -> the scripts and style sheets those parts need beyond what index.html already
 * loads), and the server names them in the index.html it sends for that path (`<link rel="modulepreload">`), so they
 * arrive beside the first script instead of after it (issue 10). The modules are router.tsx's loaders for these paths.
 * `/` too since its page carries its first screen's data (ADR 0053): no call left for its scripts to compete with
 * (before that, its ten scripts preloaded beside the first one made its call, and so its largest paint, later: 0052).
 */
export const ROUTE_ENTRY_MODULES: Record<string, string[]> = {
  '/': ['src/features/services/api/prefetch-landing.ts', 'src/features/services/components/landing-page.tsx'],
  '/login': ['src/features/auth/api/prefetch-login.ts', 'src/features/auth/components/login-page.tsx'],
  '/home/homePage': ['src/app/shell.tsx', 'src/app/routes/home-page.tsx'],
};

function routePreloads(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // The bundle as written: Vite takes out the parts that only carried a style sheet before this.
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      // The part that holds a module: its own, or a group's (codeSplitting below).
      const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // Every script a part needs before it runs: the part and its static imports, transitively.
      const closure = (files: string[], into = new Set<string>()): Set<string> => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const first = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const preloads: Record<string, { scripts: string[]; styles: string[] }> = {};
      for (const [path, modules] of Object.entries(ROUTE_ENTRY_MODULES)) {
        const parts = modules.map((m) => {
          const chunk = byModule.get(resolve(root, m));
          if (!chunk) throw new Error(`route-preloads: no code part for ${m} (${path})`);
          return chunk.fileName;
        });
        const scripts = [...closure(parts)].filter((f) => !first.has(f) && byFile.has(f));
        const styles = [...new Set(scripts.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        preloads[path] = { scripts, styles };
      }
      writeFileSync(join(outDir, 'route-preloads.json'), JSON.stringify(preloads));
    },
  };
}

/**
 * The service worker (issue 18, ADR 0027), generated by Workbox: every file of one build is precached together, so a
 * tab runs one build's chunks until it reloads into the next (the "new version" prompt, registerType 'prompt');
 * routes of the app open index.html from the cache when offline; API answers are never cached by the worker (the
 * app keeps its own encrypted, per-user offline copy). The manifest is the tenant's, served by the server.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  filename: 'sw.js',
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/manifest\.webmanifest/, /^\/sw\.js/],
    cleanupOutdatedCaches: true,
    clientsClaim: false,
    skipWaiting: false,
    runtimeCaching: [
      {
        // The tenant's manifest: from the network, the last one offline.
        urlPattern: ({ url }) => url.pathname === '/manifest.webmanifest',
        handler: 'NetworkFirst',
        options: { cacheName: 'portal-manifest', networkTimeoutSeconds: 3 },
      },
    ],
  },
});

/** A group of modules by their paths under src/ (or the repository, for packages), as one code part. */
const modulesAt = (paths: string[]) => {
  const re = new RegExp(`/(${paths.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
  return (id: string) => re.test(id.replace(/\\/g, '/'));
};
const OPEN_SERVICE_PART = modulesAt([
  'src/features/services/i18n.ts',
  'src/features/services/api/click-service.ts',
  'src/features/services/api/get-service-details.ts',
  'src/features/services/api/get-comb-ticket.ts',
  'src/features/services/components/use-open-service.ts',
  'src/features/services/components/guide-drawer-part.tsx',
  'src/lib/use-back-closes.ts',
  'src/features/services/lib/open-service.ts',
  'packages/contracts/src/service-codes.ts',
]);
const SHELL_PART = modulesAt([
  'src/app/shell.tsx',
  'src/app/overflow-nav.tsx',
  'src/app/use-logout.ts',
  'src/components/watermark.tsx',
  'src/components/plain-icon.tsx',
  'src/features/offline/components/offline-banner.tsx',
  'src/features/auth/api/login-out.ts',
  'src/features/chat/i18n.ts',
  'src/features/messages/i18n.ts',
  'src/features/workbench/i18n.ts',
  'src/features/workbench/api/get-theme.ts',
  'src/features/workbench/api/get-footer.ts',
  'src/features/workbench/api/query-keys.ts',
  'src/features/workbench/api/get-top-menu.ts',
  'src/features/workbench/lib/display.ts',
  'src/features/workbench/lib/user-theme.ts',
  'src/features/workbench/lib/use-after-mount.ts',
  'src/features/workbench/components/shell-navigation.tsx',
]);
const HOME_PAGE_PART = modulesAt([
  'src/app/routes/home-page.tsx',
  'src/features/workbench/api/get-card-view.ts',
  'src/features/workbench/api/get-card-views.ts',
  'src/features/workbench/api/get-home-layout.ts',
  'src/features/workbench/api/get-holidays.ts',
  'src/features/workbench/api/get-service-special.ts',
  'src/features/workbench/api/get-service-special-list.ts',
  'src/features/workbench/lib/service-actions.ts',
  'src/features/workbench/components/home-page.tsx',
  'src/features/workbench/components/home-banner.tsx',
  'src/features/workbench/components/service-specials.tsx',
  'src/features/workbench/components/card-body.tsx',
  'src/features/workbench/components/announcement-carousel.tsx',
  'src/features/workbench/components/news-title.tsx',
  'src/features/workbench/components/plain-dialog.tsx',
]);
/**
 * What the shell and the home page share with Ant Design's pages and the sign-in (a tenant's time zone): the tenant's
 * clock (ADR 0077) and the outlined icons they draw.
 */
const SHELL_LIBRARIES_PART = modulesAt([
  'src/lib/tenant-clock.ts',
  // What the chat's entry and the notice prompt share with the pages in the Ant Design layout: small parts of their own
  // otherwise, each a request of a few hundred bytes beside the shell's.
  'src/components/tenant-time.tsx',
  'src/features/chat/api/query-keys.ts',
  'src/features/messages/api/query-keys.ts',
  ...[
    'BgColors',
    'Close',
    'Down',
    'Left',
    'Right',
    'Lock',
    'Message',
    'Login',
    'Logout',
    'Menu',
    'Minus',
    'Setting',
    'User',
  ].map((icon) => `node_modules/@ant-design/icons-svg/es/asn/${icon}Outlined.js`),
]);
const LANDING_PART = modulesAt([
  'src/components/plain-pager.tsx',
  'src/features/services/api/search-service.ts',
  'src/features/services/api/collect-service.ts',
  'src/features/services/lib/model-window.ts',
  'src/features/services/components/use-model-view.tsx',
  'src/features/services/components/landing-page.tsx',
  'src/features/services/components/fallback-image.tsx',
  'src/features/services/components/service-icon.tsx',
  'src/features/services/components/rating-dialogs-part.tsx',
  'src/features/services/components/service-card.tsx',
  'src/features/services/components/service-grid.tsx',
  'src/features/services/components/search-box.tsx',
  // The landing's first screen's calls (ADR 0077): preloaded with it, and small parts of their own otherwise.
  'src/features/services/api/prefetch-landing.ts',
  'src/features/services/api/get-heat-words.ts',
  'src/features/services/api/get-landing-config.ts',
  'src/features/services/api/get-tools.ts',
  'src/features/services/api/get-landing-index.ts',
  'src/features/services/api/get-navigation-bars.ts',
  'src/features/services/api/get-statistic-data.ts',
  'src/features/services/api/get-top-services.ts',
  'src/features/services/api/query-all-service-by-type.ts',
]);
/** The login page with its first screen's calls (ADR 0077), which no other page starts. */
const LOGIN_PART = modulesAt([
  'src/features/auth/components/login-page.tsx',
  'src/features/auth/lib/login-message.ts',
  'src/features/auth/api/prefetch-login.ts',
  'src/features/auth/api/model-login.ts',
  'src/features/auth/api/get-tenant-detail.ts',
  'src/features/auth/api/login.ts',
  'src/features/auth/api/login-init.ts',
  'src/features/auth/api/exchange-sign-in.ts',
  'src/features/auth/api/ldap-login.ts',
]);

/**
 * React Router 7's package exports only its development build (its warnings, invariants and checks on every match and
 * link: remix-run/react-router#12532, #14102), which a build would ship; the build takes the production one beside it
 * (issue 10: the development build's checks were about 40 % of the home page's first script task at 4x CPU).
 */
const reactRouterBuild = (dir: string) =>
  join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', dir);
const routerFor = (command: 'build' | 'serve') => {
  const dir = reactRouterBuild(command === 'build' ? 'production' : 'development');
  return [
    { find: /^react-router$/, replacement: join(dir, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dir, 'dom-export.mjs') },
  ];
};

/**
 * The server's build of `/`'s first screen (ADR 0061): src/app/first-screen.tsx and everything it imports (React's
 * server renderer, the landing page and its modules) as modules for Node, in dist/.ssr/, written once the
 * browser's build is. The server imports it from the dist it serves, so a build and its first screen go together;
 * nothing under a dot directory is served or precached.
 */
function firstScreen(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'portal-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        root,
        configFile: false,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: routerFor('build') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/app/first-screen.tsx',
          outDir: join(outDir, '.ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
          minify: true,
          // Named by its content: a new build is a new URL for the server to import (and its parts import that one).
          rolldownOptions: { output: { entryFileNames: 'first-screen-[hash].js' } },
        },
      });
    },
  };
}

/** The web app builds to dist/, which the server serves; `npm run dev` proxies /api to the server on 8080. */
export default defineConfig(({ command }) => ({
  plugins: [react(), pwa, routePreloads(), precompress(), firstScreen()],
  resolve: { alias: routerFor(command) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The plain widgets `/` and the /home shell share (ADR 0048) in one part instead of five of a few hundred
          // bytes each. Rolldown puts the modules they depend on (React, React Router) in the same part, so
          // the first script loads it too: fewer, larger parts compress better, and every page loads less (gzip, as
          // loaded: `/` 170.8 -> 164.9 KB, `/login` 162 -> 160.3 KB, the home page 243.5 -> 237.7 KB; issue 10).
          groups: [
            {
              name: 'plain-widgets',
              // use-media-query: the shell's and the service guide's (which `/` opens too) phone test.
              // action-on: the name of a button acting on one service, on `/` and the home page alike.
              // load-failed: a part whose data did not arrive, on the home page and every other page alike.
              // focus-main: the state that asks a page for the focus on its main landmark, of the shell and /lock.
              // page-data, the services' query keys and tenant, the footer's call and the auth query keys: what `/`,
              // `/login` and the shell share since their prefetches left the first script (ADR 0077).
              test: /src\/(components\/(plain-(drawer|tabs|skeleton|menu)|language-switch|use-modal-dialog|load-failed)|lib\/(use-media-query|action-on|focus-main|page-data)|features\/services\/(api\/(query-keys|get-footer-config)|lib\/tenant)|features\/auth\/api\/query-keys)\.tsx?$/,
            },
            // The modules `/` and the home page both open services with, then each page's own modules, each in one
            // part: the home page loaded 29 parts beside the first script and `/` 10, most of 1–2 KB; Lighthouse's
            // phone loads them six at a time over HTTP/1.1, a round trip each (issue 10, ADR 0056).
            { name: 'open-service', test: OPEN_SERVICE_PART, priority: 3, includeDependenciesRecursively: false },
            { name: 'shell', test: SHELL_PART, priority: 2, includeDependenciesRecursively: false },
            { name: 'home-page', test: HOME_PAGE_PART, priority: 2, includeDependenciesRecursively: false },
            { name: 'shell-libraries', test: SHELL_LIBRARIES_PART, priority: 2, includeDependenciesRecursively: false },
            { name: 'landing', test: LANDING_PART, priority: 2, includeDependenciesRecursively: false },
            { name: 'login', test: LOGIN_PART, priority: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.PORTAL_API ?? 'http://127.0.0.1:8080', ws: true } },
  },
}));
