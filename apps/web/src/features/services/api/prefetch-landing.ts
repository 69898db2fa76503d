import type { QueryClient } from '@tanstack/react-query';
import { landingTenant } from '../lib/tenant.ts';
import { heatWordsQueryOptions } from './get-heat-words.ts';
import { landingConfigQueryOptions } from './get-landing-config.ts';
import { navigationBarsQueryOptions } from './get-navigation-bars.ts';
import { statisticDataQueryOptions } from './get-statistic-data.ts';
import { servicesByTypeQueryOptions } from './query-all-service-by-type.ts';

/**
 * Starts the calls of the landing page's first screen (its title, navigation, hot words, figures and first tab) as
 * soon as the router matches `/`, while the page's code part is still on its way (issue 10: the title, the page's
 * largest paint, waited for the part, then for its call). The page's own queries find them in the cache or in flight.
 */
export function prefetchLanding(client: QueryClient): void {
  const tenantId = landingTenant();
  void client.prefetchQuery(landingConfigQueryOptions(tenantId));
  void client.prefetchQuery(navigationBarsQueryOptions(tenantId));
  void client.prefetchQuery(heatWordsQueryOptions(8));
  void client.prefetchQuery(statisticDataQueryOptions(tenantId));
  void client.prefetchQuery(servicesByTypeQueryOptions(tenantId, 'scene', 8));
}
