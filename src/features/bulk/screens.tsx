import { useLazyStrings } from '@/shared/i18n/lazy-strings';
import { BulkRecyclePage } from './components/bulk-recycle-page';
import {
  BulkSkipTrackingKhtPage,
  BulkSkipTrackingPage,
  BulkTrackingKhtPage,
  BulkTrackingPage,
} from './components/bulk-tracking-page';
import { StockInPage, StockOutPage } from './components/stock-page';
import { StockSection } from './components/stock-section';

/*
 * The bulk screens and the detail page's stock line, loaded together by one lazy import of the
 * router as one component that draws the screen it is named (as the pairing feature does): one
 * chunk, off the first load. Their strings ('bulk', 'scan-list') load with it.
 */
const SCREENS = {
  bulkTracking: BulkTrackingPage,
  bulkTrackingKht: BulkTrackingKhtPage,
  bulkSkipTracking: BulkSkipTrackingPage,
  bulkSkipTrackingKht: BulkSkipTrackingKhtPage,
  bulkRecycle: BulkRecyclePage,
  stockIn: StockInPage,
  stockOut: StockOutPage,
  stockSection: StockSection,
};
export type BulkScreenName = keyof typeof SCREENS;

export default function BulkScreens({ screen = 'bulkTracking' }: { screen?: BulkScreenName }) {
  const ready = useLazyStrings('bulk', 'scan-list');
  const Screen = SCREENS[screen];
  return ready ? <Screen /> : null;
}
