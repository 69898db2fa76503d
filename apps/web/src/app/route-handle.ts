import { createContext, useContext } from 'react';
import type { RouteHandle } from './route-table.ts';

/** The handle of the deepest matched route, set by the route table's renderer (router.tsx). */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** The handle of the deepest matched route (its name, title, whether it needs a login; route-table.ts). */
export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}
