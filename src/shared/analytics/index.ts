import { whenIdle } from '../ui/when-idle';
import type * as AnalyticsModule from './analytics';
import type { KeyAction } from './analytics';

/**
 * The first load's side of analytics: the reporting module (its action table, gtag's loader) is
 * fetched only for a project that sets a measurement id, at the first idle moment, so projects
 * without one (the demo) never download it. Until it is there, reports are dropped; the screen
 * on view is reported when it arrives.
 */
type Analytics = typeof AnalyticsModule;
let reporting: Analytics | null = null;
let loading = false;
let wanted: string | undefined;

/** The project on view says whether analytics run (analytics.ts startAnalytics). */
export function startAnalytics(id: string | undefined): void {
  wanted = id;
  if (reporting) {
    reporting.startAnalytics(id);
    return;
  }
  if (!id || loading) return;
  loading = true;
  whenIdle(
    () =>
      void import('./analytics').then(
        (module) => {
          reporting = module;
          module.startAnalytics(wanted);
          module.reportPageView(window.location.pathname);
        },
        () => {
          loading = false;
        },
      ),
  );
}

export const reportPageView = (pathname: string): void => reporting?.reportPageView(pathname);
export const reportAction = (action: KeyAction, count = 1): void => reporting?.reportAction(action, count);
export const reportWrite = (method: string, url: string, data: unknown): void =>
  reporting?.reportWrite(method, url, data);
