import type { CardService } from '@portal/contracts/workbench';
import { createContext, useContext } from 'react';

/**
 * What a card does with a service: open it as 4.4 says (openWay, accessWay 5 with its combStr, the click log) and
 * show its guide. The services feature owns both; the route that shows the home page provides them (features
 * meet only in route files). Without a provider — the card preview of the configuration pages — a service is a
 * plain link and the guide button is not shown.
 */
export type ServiceActions = {
  open: (service: CardService) => void;
  openGuide: (service: CardService) => void;
};

export const ServiceActionsContext = createContext<ServiceActions | null>(null);

export const useServiceActions = () => useContext(ServiceActionsContext);
