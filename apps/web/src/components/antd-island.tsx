import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import { loadPart } from '../lib/lazy/load-part.ts';
import { ReturnFocus } from './return-focus.tsx';

const AntdPresentContext = createContext(false);
/** Set by AntdTheme: inside it, Ant Design's providers and style sheet are already there. */
export const AntdPresent = AntdPresentContext.Provider;

const Theme = lazy(() => loadPart(() => import('./antd-theme.tsx')).then((m) => ({ default: m.AntdTheme })));

/**
 * An island of Ant Design on a page painted without it (`/`, issue 10, ADR 0042): its children (a dialog, a drawer)
 * get Ant Design's providers and style sheet, loaded the first time an island is shown. Inside the Ant Design layout
 * it adds nothing. Render it only while its content is open.
 */
export function AntdIsland({ children }: { children: ReactNode }) {
  // A child may be a lazy part of its own: it suspends here, not up to the route.
  if (useContext(AntdPresentContext))
    return (
      <>
        <ReturnFocus />
        <Suspense fallback={null}>{children}</Suspense>
      </>
    );
  return (
    <>
      <ReturnFocus />
      <Suspense fallback={null}>
        <Theme>{children}</Theme>
      </Suspense>
    </>
  );
}
