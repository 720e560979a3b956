import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import * as handlers from './service-report.handlers';
import { serviceReportRoutes } from './service-report.routes';

export const serviceReportRouter = new Hono<AppEnv>()
  .post(serviceReportRoutes.checkUpdates, ...handlers.checkUpdates)
  .post(serviceReportRoutes.cleanupReport, ...handlers.cleanupReport)
  .post(serviceReportRoutes.addServices, ...handlers.add)
  .post(serviceReportRoutes.removeServices, ...handlers.remove);
