import { SCAN_OCR_SEGMENT } from '@schemas/boot-request';
import { parseProjectParam, type ProjectRef } from './project/project-route';

/**
 * A project as a route names it: a loaded project (`{ code, version }`), or the `{project}`
 * segment as it was written (a scanned link of this product, the scanned-barcodes pool), which
 * may lack the version.
 */
export type ProjectInRoute = { code: string; version: number } | string;

/** The `{project}` segment: code '@' version; parseProjectParam reads it back. */
export const projectSegment = (project: ProjectInRoute): string =>
  typeof project === 'string' ? project : `${project.code}@${project.version}`;

const QRCODE = 'qrcode';
const SCAN_OCR = SCAN_OCR_SEGMENT;

const projectHref = (project: ProjectInRoute) => `/${projectSegment(project)}`;
const barcodeHref = (project: ProjectInRoute, barcodeId: string) =>
  `${projectHref(project)}/${QRCODE}/${encodeURIComponent(barcodeId)}`;

/** A screen directly under the project, e.g. `/{project}/scan`. */
const projectScreen = <P extends string>(path: P) => ({
  path,
  getHref: (project: ProjectInRoute) => `${projectHref(project)}/${path}`,
});

/** A screen under a barcode, e.g. `/{project}/qrcode/{barcodeId}/history`. */
const barcodeScreen = <P extends string>(path: P) => ({
  path,
  getHref: (project: ProjectInRoute, barcodeId: string) => `${barcodeHref(project, barcodeId)}/${path}`,
});

/** The activation steps in order, each its own URL so the phone's back button goes one step back. */
const ACTIVATION_STEPS = ['type', 'trackpoint', 'origin', 'destination', 'package'] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

const activate = barcodeScreen('activate');

/** Names a restricted screen a visitor was sent home from, so logging in resumes it. */
export interface PendingScreen {
  /** The screen's path under the barcode, e.g. 'history'. */
  screen: string;
  barcodeId: string;
}

/**
 * Every screen path of the client in one table, as bulletproof-react keeps its
 * `src/config/paths.ts`: the router declares its routes with each entry's `path`, and whatever
 * links or navigates to a screen builds the address with its `getHref`. A screen renamed here
 * is renamed everywhere; a new screen gets its entry here before anything links to it.
 */
export const paths = {
  playground: { path: '/playground' },
  home: {
    path: '/:project',
    /** Home, with the restricted screen to resume after login in the query (`?name=&id=`) when given. */
    getHref: (project: ProjectInRoute, pending?: PendingScreen) =>
      projectHref(project) +
      (pending ? `?${new URLSearchParams({ name: pending.screen, id: pending.barcodeId }).toString()}` : ''),
    /** The screen home's query says to resume (see getHref), or null when it names none or a malformed one. */
    resumeHref: (project: ProjectInRoute, query: URLSearchParams): string | null => {
      const screen = query.get('name');
      const barcodeId = query.get('id');
      return screen && barcodeId && /^[\w-]+$/.test(screen) ? `${barcodeHref(project, barcodeId)}/${screen}` : null;
    },
  },
  register: projectScreen('register'),
  scan: projectScreen('scan'),
  trackingCount: projectScreen('tracking-count'),
  /** The project's GHG emission report (for its enterprise's staff). */
  ghgReport: projectScreen('ghg-report'),
  /** The writes waiting to be sent, with their states, retry and discard. */
  outbox: projectScreen('outbox'),
  /** Barcode search: criteria and results in the query, so Back returns to them. */
  search: projectScreen('search'),
  /** The project's barcodes, newest first, with type and trackpoint filters. */
  barcodeList: projectScreen('barcode-list'),
  /** The project's custom HTML page (open, no home button); also under a barcode (`barcode.html`). */
  customPage: projectScreen('html'),
  /** The project's activity chart (steps per day per trackpoint, 30 days), for its enterprise's staff. */
  activity: projectScreen('activity'),
  /** Generate N barcodes and print a sheet of their labels (A4, 3 x 8), for those who may generate. */
  labelSheet: projectScreen('labels'),
  /** Trace a barcode, a lot or a product forward and back, and download its FSMA 204 spreadsheet, for those who may recall. */
  recall: projectScreen('recall'),
  /** Anything else: the 404 page. `getHref` names a path no screen has, for a redirect to it. */
  notFound: { path: '*', getHref: (project: ProjectInRoute) => `${projectHref(project)}/not-found` },
  scanOcr: { path: `${QRCODE}/${SCAN_OCR}` },
  barcode: {
    path: `${QRCODE}/:barcodeId`,
    /** The barcode's detail page, the base of every screen under it. */
    getHref: barcodeHref,
    /**
     * The project and barcode a path names (`/{project}/qrcode/{barcodeId}/...`) and whether it
     * is the detail page, with the screen under it ('track'; '' on the detail page); null when it
     * names no barcode (the OCR scan page is not one, nor a malformed escape) or no valid project.
     */
    match: (pathname: string): { project: ProjectRef; barcodeId: string; onDetail: boolean; screen: string } | null => {
      const match = new RegExp(`^/([^/]+)/${QRCODE}/([^/]+)(/[^/]*)?`).exec(pathname);
      const project = parseProjectParam(match?.[1]);
      if (!match?.[2] || match[2] === SCAN_OCR || !project) return null;
      let barcodeId: string;
      try {
        barcodeId = decodeURIComponent(match[2]);
      } catch {
        return null; // A malformed escape (a damaged label or link) names no barcode.
      }
      return { project, barcodeId, onDetail: !match[3], screen: (match[3] ?? '').slice(1) };
    },
    /** What follows the barcode in a path (its screen, e.g. '/history'); '' on the detail page. */
    screenOf: (pathname: string, barcodeId: string) => pathname.split(`/${QRCODE}/${barcodeId}`)[1] ?? '',
    trace: barcodeScreen('trace'),
    children: barcodeScreen('children'),
    history: barcodeScreen('history'),
    scannedBarcodes: barcodeScreen('scanned-barcodes'),
    edit: barcodeScreen('edit'),
    track: barcodeScreen('track'),
    /** Pair: this barcode is the parent; children come from the camera, a trigger or typing. */
    pair: barcodeScreen('pair'),
    /** Pair on a handheld terminal: the trigger scans straight into the list, no camera. */
    pairKht: barcodeScreen('pairkht'),
    unpair: barcodeScreen('unpair'),
    /** Link this barcode to scanned targets (the link-to direction). */
    linkTo: barcodeScreen('link-to'),
    /** Link scanned barcodes to this one (the be-linked direction). */
    beLinked: barcodeScreen('be-linked'),
    /** Link (to scanned targets) on a handheld terminal. */
    linkKht: barcodeScreen('linkkht'),
    /** Bulk tracking: this barcode sets the trackpoint; more are scanned into the list. */
    bulkTracking: barcodeScreen('bulk-tracking'),
    /** Bulk tracking on a handheld terminal: the trigger scans straight into the list, no camera. */
    bulkTrackingKht: barcodeScreen('bulk-tracking-kht'),
    /** Bulk skip-tracking: past the next trackpoint without its forms, where the configuration allows it. */
    bulkSkipTracking: barcodeScreen('bulk-skip-tracking'),
    bulkSkipTrackingKht: barcodeScreen('bulk-skip-tracking-kht'),
    bulkRecycle: barcodeScreen('bulk-recycle'),
    /** Stock in / out of a location (POST /location/stock). */
    stockIn: barcodeScreen('stock-in'),
    stockOut: barcodeScreen('stock-out'),
    /** The custom HTML page opened from a barcode: the project's page (`customPage`). */
    html: barcodeScreen('html'),
    activate: {
      path: activate.path,
      /** The route of one step under `path`. */
      stepPath: ':step',
      steps: ACTIVATION_STEPS,
      /** Activation at `step`; without one, activation's own path, which opens the first step. */
      getHref: (project: ProjectInRoute, barcodeId: string, step?: ActivationStep) =>
        activate.getHref(project, barcodeId) + (step ? `/${step}` : ''),
    },
  },
  /**
   * The admin area: its own login, not under a project (a project code 'admin' is refused). Its
   * screens are listed in src/app/admin/admin-screens.tsx.
   */
  admin: {
    path: '/admin/*',
    home: '/admin',
    /** The address of an admin screen by its path under /admin, e.g. 'audit-log'. */
    getHref: (screen: string) => `/admin/${screen}`,
  },
} as const;
