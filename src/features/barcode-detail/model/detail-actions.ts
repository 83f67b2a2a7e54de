import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import { isAtEnd, nextTrackPoint, trackPointsOf } from '@/shared/barcode/labels';

export type DetailActionName =
  | 'activate'
  | 'edit'
  | 'track'
  | 'undo'
  | 'recycle'
  | 'history'
  | 'scannedBarcodes'
  | 'trace'
  | 'children'
  | 'pair'
  | 'unpair'
  | 'linkTo'
  | 'beLinked'
  | 'bulkTracking'
  | 'bulkSkipTracking'
  | 'bulkRecycle'
  | 'stockIn'
  | 'stockOut';

/** Why an action the user could otherwise take is disabled (its hint). */
export type DisabledReason =
  | 'noActivatePermission'
  | 'noTrackingPermission'
  | 'atEnd'
  | 'deactivated'
  /** A step to the next trackpoint waits in the outbox already. */
  | 'pendingStep';

export interface DetailAction {
  name: DetailActionName;
  enabled: boolean;
  disabledReason?: DisabledReason;
  /** Disabled because the server would refuse it now: the catalogue code it would answer (pairing, linking). */
  disabledCode?: number;
}

const action = (name: DetailActionName, reason?: DisabledReason | false): DetailAction =>
  reason ? { name, enabled: false, disabledReason: reason } : { name, enabled: true };

/**
 * Pair, unpair and link, offered only where the configuration allows them at all (the type
 * takes children; it has children to unpair; the type can be linked), and disabled with the
 * server's reason (`relationActions`: trackpoint rule, state, permission) when they are not
 * possible now. Users outside the barcode's enterprise get no `relationActions` and none of
 * these.
 */
export function relationActions(barcode: Barcode): DetailAction[] {
  const verdicts = barcode.relationActions;
  if (!verdicts) return [];
  const { hierarchy } = barcode;
  const relation = (name: DetailActionName, code: number | null): DetailAction =>
    code === null ? { name, enabled: true } : { name, enabled: false, disabledCode: code };
  return [
    ...(hierarchy.maxChildren > 0 ? [relation('pair', verdicts.pair.code)] : []),
    ...(hierarchy.childrenCount > 0 ? [relation('unpair', verdicts.unpair.code)] : []),
    ...(hierarchy.maxLinks > 0
      ? [relation('linkTo', verdicts.link.code), relation('beLinked', verdicts.link.code)]
      : []),
  ];
}

/**
 * Bulk screens and stock opened from this barcode: bulk tracking beside Track, with the same
 * reason when disabled; bulk skip-tracking only where the next trackpoint allows skipping
 * (`allowSkipTracking`); stock in while not in stock, stock out while in stock (the server
 * answers `stock` to users of the barcode's enterprise only: others get neither); bulk recycle
 * is placed with recycle by detailActions.
 */
export function bulkActions(project: Project, barcode: Barcode, trackReason: DisabledReason | false): DetailAction[] {
  const next = nextTrackPoint(project, barcode);
  const mayTrack = project.projectPermission.addTrackingPermission.canEdit;
  const deactivated = barcode.isDeactivated && ('deactivated' as const);
  const stock =
    barcode.stock === undefined
      ? []
      : [action(barcode.stock ? 'stockOut' : 'stockIn', deactivated || (!mayTrack && 'noTrackingPermission'))];
  return [
    ...(next ? [action('bulkTracking', trackReason)] : []),
    ...(next?.allowSkipTracking ? [action('bulkSkipTracking', trackReason)] : []),
    ...stock,
  ];
}

/**
 * The actions of the detail page for this barcode and viewer. Visitors get only the open
 * screens (trace, children). Users get what the barcode's state allows, and the list of what
 * they scanned on this device; an action they lack the permission for is shown disabled with
 * the reason, so they know whom to ask. Undo and recycle are offered whenever the state allows
 * them: who added the last step, and whether the barcode is paired or sealed, only the server
 * knows, and it answers with the catalogue's code.
 */
export function detailActions(
  project: Project,
  barcode: Barcode,
  loggedIn: boolean,
  /** A step to the next trackpoint waits in the outbox (pending-steps.ts): no second one. */
  trackingQueued = false,
): DetailAction[] {
  const open = [action('trace'), action('children')];
  if (!loggedIn) return open;
  const permission = project.projectPermission;
  const mayActivate = permission.activateBarcodePermission.canEdit;
  const mayTrack = permission.addTrackingPermission.canEdit;
  const deactivated = barcode.isDeactivated && ('deactivated' as const);
  if (!barcode.isActivated) {
    return [
      action('activate', deactivated || (!mayActivate && 'noActivatePermission')),
      action('history'),
      action('scannedBarcodes'),
      ...open,
    ];
  }
  const atEnd = isAtEnd(project, barcode);
  const hasPrevious = trackPointsOf(project, barcode).current > 0;
  const trackReason =
    deactivated || (atEnd && 'atEnd') || (!mayTrack && 'noTrackingPermission') || (trackingQueued && 'pendingStep');
  const recycleReason = deactivated || (!mayActivate && 'noActivatePermission');
  const recyclable = nextTrackPoint(project, barcode) === undefined || atEnd;
  return [
    action('track', trackReason),
    action('edit', deactivated || (!mayActivate && 'noActivatePermission')),
    ...(hasPrevious ? [action('undo', deactivated || (!mayTrack && 'noTrackingPermission'))] : []),
    action('history'),
    action('scannedBarcodes'),
    ...relationActions(barcode),
    ...bulkActions(project, barcode, trackReason),
    ...open,
    ...(recyclable ? [action('recycle', recycleReason), action('bulkRecycle', recycleReason)] : []),
  ];
}

/** The catalogue code the server answers for an action the viewer's role may not take (pair, unpair, link). */
const FORBIDDEN_CODE = 403;

/** Disabled because of the viewer's role, not the barcode's state: nothing they can do about it here. */
const isForbiddenToRole = (action: DetailAction): boolean =>
  action.disabledReason === 'noActivatePermission' ||
  action.disabledReason === 'noTrackingPermission' ||
  action.disabledCode === FORBIDDEN_CODE;

/**
 * Splits the actions into those drawn as buttons (enabled, or disabled for a reason of the
 * barcode's state, with that reason) and those the viewer's role may not take, which the page
 * names together in one line instead of a greyed button and the same caption each.
 */
export function splitByRole(actions: readonly DetailAction[]): { shown: DetailAction[]; notForRole: DetailAction[] } {
  return {
    shown: actions.filter((a) => !isForbiddenToRole(a)),
    notForRole: actions.filter(isForbiddenToRole),
  };
}
