import { Suspense, useEffect } from 'react';
import i18next from 'i18next';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { preloadBarcode } from '@/shared/barcode/use-barcode';
import { parseProjectParam } from '@/shared/project/project-route';
import { useCurrentProject } from '@/shared/project/use-project';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { projectPath } from '@/shared/project/project-route';
import { ProjectLayout } from './layout/project-layout';
import { HomeRoute } from './routes/home';
import { BarcodeRoute } from './routes/barcode-route';
import { RequireUser } from './routes/require-user';
import { lazyScreen } from './lazy';

const named = <K extends string>(key: K) => <M extends Record<K, React.ComponentType<object>>>(m: M) => ({ default: m[key] });

const PlaygroundPage = lazyScreen(() => import('@/features/playground/components/playground-page').then(named('PlaygroundPage')));
const RegisterPage = lazyScreen(() => import('@/features/auth/components/register-page').then(named('RegisterPage')));
const DetailPage = lazyScreen(() => import('@/features/barcode-detail/components/detail-page').then(named('DetailPage')));
const HistoryPage = lazyScreen(() => import('@/features/barcode-detail/components/history-page').then(named('HistoryPage')));
const TracePage = lazyScreen(() => import('@/features/barcode-detail/components/trace-page').then(named('TracePage')));
const ChildrenPage = lazyScreen(() => import('@/features/barcode-detail/components/children-page').then(named('ChildrenPage')));
const ActivatePage = lazyScreen(() => import('@/features/activation/components/activate-page').then(named('ActivatePage')));
const EditPage = lazyScreen(() => import('@/features/activation/components/edit-page').then(named('EditPage')));
const TrackPage = lazyScreen(() => import('@/features/tracking/components/track-page').then(named('TrackPage')));
const ScanPage = lazyScreen(() => import('@/features/scanning/components/scan-page').then(named('ScanPage')));
const OcrScanPage = lazyScreen(() => import('@/features/scanning/components/ocr-scan-page').then(named('OcrScanPage')));
const ScannedBarcodesPage = lazyScreen(() => import('@/features/scanning/components/scanned-barcodes-page').then(named('ScannedBarcodesPage')));
const TrackingCountPage = lazyScreen(() => import('@/features/tracking/components/tracking-count-page').then(named('TrackingCountPage')));

function ProjectNotFound() {
  const project = useCurrentProject();
  return <NotFoundPage logoUrl={project.customLogoImageUrl} fallbackPath={projectPath(project)} />;
}

const screenFallback = <ScreenLoader />;

/**
 * A barcode opened from a scan or a link: its data, its screen's code and its strings start
 * loading at once, side by side with the project, instead of one after the other.
 */
function PrefetchBarcodeScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    const match = /^\/([^/]+)\/qrcode\/([^/]+)(\/[^/]*)?/.exec(pathname);
    const project = parseProjectParam(match?.[1]);
    if (!match?.[2] || match[2] === 'scan-ocr' || !project) return;
    preloadBarcode(project.code, decodeURIComponent(match[2]));
    void i18next.loadNamespaces('barcode');
    if (!match[3]) DetailPage.preload();
  }, [pathname]);
  return null;
}

function Screens() {
  return <Suspense fallback={screenFallback}><Outlet /></Suspense>;
}

/** The routes of spec section 2 whose screens exist; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <PrefetchBarcodeScreen />
      <Routes>
        <Route element={<Screens />}>
          <Route path="/playground" element={<PlaygroundPage />} />
          <Route path="/:project" element={<ProjectLayout />}>
            <Route element={<Screens />}>
              <Route index element={<HomeRoute />} />
              <Route path="register" element={<RegisterPage />} />
              <Route path="scan" element={<RequireUser screen="scan"><ScanPage /></RequireUser>} />
              <Route path="tracking-count" element={<RequireUser screen="tracking-count"><TrackingCountPage /></RequireUser>} />
              <Route path="qrcode/scan-ocr" element={<OcrScanPage />} />
              <Route path="qrcode/:barcodeId" element={<BarcodeRoute />}>
                <Route index element={<DetailPage />} />
                <Route path="trace" element={<TracePage />} />
                <Route path="children" element={<ChildrenPage />} />
                <Route path="history" element={<RequireUser screen="history"><HistoryPage /></RequireUser>} />
                <Route path="scanned-barcodes" element={<RequireUser screen="scanned-barcodes"><ScannedBarcodesPage /></RequireUser>} />
                <Route path="edit" element={<RequireUser screen="edit"><EditPage /></RequireUser>} />
                <Route path="track" element={<RequireUser screen="track"><TrackPage /></RequireUser>} />
                <Route path="activate" element={<RequireUser screen="activate"><Outlet /></RequireUser>}>
                  <Route index element={<Navigate to="type" replace />} />
                  <Route path=":step" element={<ActivatePage />} />
                </Route>
              </Route>
              <Route path="*" element={<ProjectNotFound />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
