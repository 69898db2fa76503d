import { useEffect, type ReactNode } from 'react';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { sessionStore, useSession } from '../../../lib/session/session-store.ts';
import { getTheme } from '../api/get-theme.ts';
import { useFooter } from '../api/get-footer.ts';
import { useTopMenu } from '../api/get-top-menu.ts';
import { navigationTarget } from '../lib/display.ts';
import { themeNeedsUpdate } from '../lib/user-theme.ts';
import { useAfterMount } from '../lib/use-after-mount.ts';

/**
 * Loads the caller's theme (their own, else the tenant's) into the session store once per login; the shell
 * applies it at once. The store (persisted) is written only when the colour shown, whether it is the user's
 * own, or the tenant colour would change, so a load leaves the session untouched.
 */
function useLoadTheme(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getTheme().then(
      (t) => {
        if (!live) return;
        if (themeNeedsUpdate(sessionStore.getState().theme, t)) sessionStore.getState().setTheme(t);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled]);
}

/**
 * The configured built-in navigation items (indexnavigationconfig, isBuilt 1) by their route path: the shell
 * keeps its own links, renamed and hidden as configured. Unconfigured routes stay as they are.
 */
export function useConfiguredBuiltIns(): {
  visible: (to: string) => boolean;
  name: (to: string, key: string) => string | undefined;
} {
  const { i18n } = useTranslation();
  const zh = i18n.getFixedT('zh-CN');
  const user = useSession((s) => s.user);
  const menu = useTopMenu(useAfterMount() && !!user);
  // getTopMenu answers enabled items only; a configured built-in missing from it is switched off.
  const enabled = new Map(
    (menu.data?.navigation ?? []).filter((n) => n.isBuilt === 1).map((n) => [navigationTarget(n).to, n]),
  );
  const configurable = new Set(['/home/serviceHall', '/home/processServiceCenter', '/home/applicationServiceCenter']);
  return {
    visible: (to) => !menu.data || !configurable.has(to) || enabled.has(to),
    // The English the administrator gave shows in English (ADR 0074); else a name they changed shows as written, and
    // the default one follows the interface language.
    name: (to, key) => {
      const item = enabled.get(to);
      if (!item) return undefined;
      if (i18n.language === 'en-US' && item.navigationNameEn) return item.navigationNameEn;
      return item.navigationName !== zh(key) ? item.navigationName : undefined;
    },
  };
}

/** A custom navigation item of the top bar: an in-app route (embedded pages included) or a new tab. */
export type CustomNavItem = { id: string; name: string; kind: 'route' | 'embedded' | 'tab'; to: string };

/**
 * The custom navigation items of the top bar (built-in ones are the shell's own links), and the caller's theme
 * loaded once per login.
 */
export function useCustomNavigation(): CustomNavItem[] {
  const user = useSession((s) => s.user);
  const ready = useAfterMount() && !!user;
  useLoadTheme(ready);
  const menu = useTopMenu(ready);
  const text = useConfiguredText();
  return (menu.data?.navigation ?? [])
    .filter((n) => n.isBuilt === 2)
    .map((n) => ({ id: n.id, name: text(n.navigationName, n.navigationNameEn), ...navigationTarget(n) }));
}

/**
 * The footer's lines: the configured footer (indexfooterinfo) with its copyright, address, phone and e-mail;
 * the default copyright line only when no copyright is configured, so it never shows twice.
 */
export function ShellFooterInfo({ defaultCopyright }: { defaultCopyright: ReactNode }) {
  const user = useSession((s) => s.user);
  const footer = useFooter(useAfterMount() && !!user);
  const f = footer.data;
  const configured = f ? [f.copyright, f.address, f.phone, f.email].filter(Boolean) : [];
  return (
    <>
      {!f?.copyright && <div>{defaultCopyright}</div>}
      {configured.length > 0 && <div data-testid="configured-footer">{configured.join(' · ')}</div>}
    </>
  );
}
