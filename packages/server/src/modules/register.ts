import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.ts';
import { registerAdminRoutes } from './admin/routes.ts';
import { registerClubRoutes } from './clubs/routes.ts';
import { activeLaunchTypeIds, itemsUsingTaxes } from './fleet/repo.ts';
import { recordedTimes } from './flights/recorded-times-repo.ts';
import { registerFlightRoutes } from './flights/routes.ts';
import { registerIntroRoutes } from './intros/routes.ts';
import { registerItemRoutes } from './items/routes.ts';
import { registerLedgerRoutes } from './ledger/routes.ts';
import { registerLiveRoutes } from './live/routes.ts';
import { registerMemberRoutes } from './members/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerOgnRoutes } from './ogn/routes.ts';
import { registerRosterRoutes } from './roster/routes.ts';
import { registerSystemRoutes } from './system/routes.ts';
import { registerTugRoutes } from './tugs/routes.ts';

/**
 * Each domain module adds its routes here, in one list. Above every module,
 * this hands a lower module the readers it needs of a higher one
 * (docs/architecture.md, "The server's floors").
 */
export function registerModules(app: FastifyInstance, deps: ModuleDeps): void {
  registerSystemRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerClubRoutes(app, deps, { activeLaunchTypeIds, itemsUsingTaxes });
  registerLedgerRoutes(app, deps, { recordedTimes });
  registerItemRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerFlightRoutes(app, deps);
  registerIntroRoutes(app, deps);
  registerTugRoutes(app, deps);
  registerRosterRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerOgnRoutes(app, deps);
  registerLiveRoutes(app, deps);
}
