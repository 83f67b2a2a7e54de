import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import i18next from 'i18next';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { preloadBarcode } from '@/shared/api/use-barcode';
import { hasSessionHint } from '@/shared/api';
import { drawsBarcodeScreen, PUBLIC_BARCODE_SCREENS } from '@schemas/boot-request';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { ProjectLayout } from './layout/project-layout';
import { HomeRoute } from './routes/home';
import { BarcodeRoute } from './routes/barcode-route';
import { RequireUser } from './routes/require-user';
import { lazyScreen, PartOfPage } from './lazy';
import { handheldModel } from '@/features/scanning/model/handheld-device';

const named =
  <K extends string>(key: K) =>
  <M extends Record<K, React.ComponentType<object>>>(m: M) => ({ default: m[key] });

const PlaygroundPage = lazyScreen(() =>
  import('@/features/playground/components/playground-page').then(named('PlaygroundPage')),
);
const RegisterPage = lazyScreen(() => import('@/features/auth/components/register-page').then(named('RegisterPage')));
const DetailPage = lazyScreen(() =>
  import('@/features/barcode-detail/components/detail-page').then(named('DetailPage')),
);
const HistoryPage = lazyScreen(() =>
  import('@/features/barcode-detail/components/history-page').then(named('HistoryPage')),
);
const TracePage = lazyScreen(() => import('@/features/barcode-detail/components/trace-page').then(named('TracePage')));
/** The pairing screens come in one chunk, as one component (see src/features/pairing/screens.tsx). */
const Pairing = lazyScreen(() => import('@/features/pairing/screens'));
/** The bulk screens and the detail page's stock line come in one chunk, as one component (see src/features/bulk/screens.tsx). */
const Bulk = lazyScreen(() => import('@/features/bulk/screens'));
const ActivatePage = lazyScreen(() =>
  import('@/features/activation/components/activate-page').then(named('ActivatePage')),
);
const EditPage = lazyScreen(() => import('@/features/activation/components/edit-page').then(named('EditPage')));
const TrackPage = lazyScreen(() => import('@/features/tracking/components/track-page').then(named('TrackPage')));
const ScanPage = lazyScreen(() => import('@/features/scanning/components/scan-page').then(named('ScanPage')));
const OcrScanPage = lazyScreen(() => import('@/features/scanning/components/ocr-scan-page').then(named('OcrScanPage')));
const ScannedBarcodesPage = lazyScreen(() =>
  import('@/features/scanning/components/scanned-barcodes-page').then(named('ScannedBarcodesPage')),
);
const OutboxPage = lazyScreen(() => import('@/features/outbox/components/outbox-page').then(named('OutboxPage')));
const TrackingCountPage = lazyScreen(() =>
  import('@/features/tracking/components/tracking-count-page').then(named('TrackingCountPage')),
);
const GhgReportPage = lazyScreen(() =>
  import('@/features/ghg-report/components/ghg-report-page').then(named('GhgReportPage')),
);
/** Barcode search and the barcode list come in one chunk, as one component (see src/features/find/screens.tsx). */
const Find = lazyScreen(() => import('@/features/find/screens'));
const ActivityPage = lazyScreen(() =>
  import('@/features/activity/components/activity-page').then(named('ActivityPage')),
);
/** The label sheet and the detail page's printable label come in one chunk, with the QR writer (see src/features/labels/screens.tsx). */
const Labels = lazyScreen(() => import('@/features/labels/screens'));
/** The recall screen with its own strings (see src/features/recall/screens.tsx). */
const Recall = lazyScreen(() => import('@/features/recall/screens'));
const CustomPage = lazyScreen(() => import('@/features/custom-page/components/custom-page').then(named('CustomPage')));
/** The admin area: its own chunk, layout and login; its screens are listed in src/app/admin/admin-screens.tsx. */
const AdminArea = lazyScreen(() => import('./admin/admin-area'));

function ProjectNotFound() {
  const project = useCurrentProject();
  return <NotFoundPage logoUrl={project.customLogoImageUrl} fallbackPath={paths.home.getHref(project)} />;
}

const screenFallback = <ScreenLoader />;

/**
 * A barcode opened from a scan or a link: its data, its screen's code and its strings start
 * loading at once, side by side with the project, instead of one after the other. A visitor on
 * a restricted screen's link sees the login form first: its strings wait (drawsBarcodeScreen).
 */
function PrefetchBarcodeScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    const at = paths.barcode.match(pathname);
    if (!at) return;
    preloadBarcode(at.project.code, at.barcodeId);
    if (drawsBarcodeScreen(at.screen, hasSessionHint(), PUBLIC_BARCODE_SCREENS)) void i18next.loadNamespaces('barcode');
    if (at.onDetail) DetailPage.preload();
  }, [pathname]);
  return null;
}

const { barcode } = paths;

/** Restricted screens a login resumes (`?name=<path>`), by their path: see HomeRoute. */
const RESUMABLE: Record<string, { preload(): void }> = {
  [barcode.track.path]: TrackPage,
  [barcode.edit.path]: EditPage,
  [barcode.activate.path]: ActivatePage,
  [barcode.history.path]: HistoryPage,
  [barcode.scannedBarcodes.path]: ScannedBarcodesPage,
};

/** Starts loading a resumed screen's code and strings while the visitor logs in. */
function preloadResumed(name: string): void {
  const screen = RESUMABLE[name];
  if (!screen) return;
  screen.preload();
  void i18next.loadNamespaces('barcode');
}

/** The route of a restricted screen: visitors are sent home to log in first. */
const restricted = (screen: { path: string }, element: ReactNode, children?: ReactNode) => (
  <Route path={screen.path} element={<RequireUser screen={screen}>{element}</RequireUser>}>
    {children}
  </Route>
);

/**
 * The detail page with what the pairing feature shows on it (parents, children, links; its code
 * loads only for a barcode that has any), where the barcode is stocked (the bulk feature's line,
 * loaded only for a barcode in stock), and on a handheld terminal its own pair, link and bulk screens.
 */
const detail = (
  <DetailPage
    relations={
      <PartOfPage>
        <Pairing screen="relations" />
      </PartOfPage>
    }
    stock={
      <PartOfPage>
        <Bulk screen="stockSection" />
      </PartOfPage>
    }
    label={
      <PartOfPage>
        <Labels screen="printLabel" />
      </PartOfPage>
    }
    // Also evaluated where the server draws the first screen, which has no navigator.
    handheld={typeof navigator !== 'undefined' && !!handheldModel(navigator.userAgent)}
  />
);

/**
 * The routes' screens. Each lazy screen waits for its code in a boundary of its own (lazy.tsx);
 * this one only catches code that would suspend outside them (none does today) with the loader.
 */
function Screens() {
  return (
    <Suspense fallback={screenFallback}>
      <Outlet />
    </Suspense>
  );
}

/**
 * The routes whose screens exist; anything else is the 404 page. AppRoutes draws them; the
 * server's first screen (entry-server.tsx) also matches an address against them.
 */
export const appRoutes = (
  <Route element={<Screens />}>
    <Route path={paths.playground.path} element={<PlaygroundPage />} />
    <Route path={paths.admin.path} element={<AdminArea />} />
    <Route path={paths.home.path} element={<ProjectLayout />}>
      <Route element={<Screens />}>
        <Route index element={<HomeRoute preloadResumed={preloadResumed} />} />
        <Route path={paths.register.path} element={<RegisterPage />} />
        {restricted(paths.scan, <ScanPage />)}
        {restricted(paths.trackingCount, <TrackingCountPage />)}
        {restricted(paths.ghgReport, <GhgReportPage />)}
        {restricted(paths.search, <Find screen="search" />)}
        {restricted(paths.barcodeList, <Find screen="barcodeList" />)}
        <Route path={paths.outbox.path} element={<OutboxPage />} />
        <Route path={paths.scanOcr.path} element={<OcrScanPage />} />
        <Route path={paths.customPage.path} element={<CustomPage />} />
        {restricted(paths.activity, <ActivityPage />)}
        {restricted(paths.labelSheet, <Labels screen="labelSheet" />)}
        {restricted(paths.recall, <Recall />)}
        <Route path={barcode.path} element={<BarcodeRoute />}>
          <Route index element={detail} />
          <Route path={barcode.trace.path} element={<TracePage />} />
          <Route path={barcode.children.path} element={<Pairing screen="children" />} />
          <Route path={barcode.html.path} element={<CustomPage />} />
          {restricted(barcode.history, <HistoryPage />)}
          {restricted(barcode.scannedBarcodes, <ScannedBarcodesPage />)}
          {restricted(barcode.edit, <EditPage />)}
          {restricted(barcode.track, <TrackPage />)}
          {restricted(barcode.pair, <Pairing screen="pair" />)}
          {restricted(barcode.pairKht, <Pairing screen="pairKht" />)}
          {restricted(barcode.unpair, <Pairing screen="unpair" />)}
          {restricted(barcode.linkTo, <Pairing screen="linkTo" />)}
          {restricted(barcode.beLinked, <Pairing screen="beLinked" />)}
          {restricted(barcode.linkKht, <Pairing screen="linkKht" />)}
          {restricted(barcode.bulkTracking, <Bulk screen="bulkTracking" />)}
          {restricted(barcode.bulkTrackingKht, <Bulk screen="bulkTrackingKht" />)}
          {restricted(barcode.bulkSkipTracking, <Bulk screen="bulkSkipTracking" />)}
          {restricted(barcode.bulkSkipTrackingKht, <Bulk screen="bulkSkipTrackingKht" />)}
          {restricted(barcode.bulkRecycle, <Bulk screen="bulkRecycle" />)}
          {restricted(barcode.stockIn, <Bulk screen="stockIn" />)}
          {restricted(barcode.stockOut, <Bulk screen="stockOut" />)}
          {restricted(
            barcode.activate,
            <Outlet />,
            <>
              <Route index element={<Navigate to={barcode.activate.steps[0]} replace />} />
              <Route path={barcode.activate.stepPath} element={<ActivatePage />} />
            </>,
          )}
        </Route>
        <Route path={paths.notFound.path} element={<ProjectNotFound />} />
      </Route>
    </Route>
    <Route
      path={paths.notFound.path}
      element={
        <main>
          <NotFoundPage />
        </main>
      }
    />
  </Route>
);

/** The router the routes are drawn in: the browser's history, or a fixed address where the server draws the first screen. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export function AppRoutes({ Router = BrowserRouter }: { Router?: AppRouter }) {
  return (
    <Router>
      <PrefetchBarcodeScreen />
      <Routes>{appRoutes}</Routes>
    </Router>
  );
}
