import { useLazyStrings } from '@/shared/i18n/lazy-strings';
import { BarcodeListPage } from './components/barcode-list-page';
import { SearchPage } from './components/search-page';

/*
 * The search and barcode-list screens, loaded together by one lazy import of the router as one
 * component that draws the screen it is named (as the bulk feature does): one chunk, off the
 * first load. Their strings ('find') load with it.
 */
const SCREENS = { search: SearchPage, barcodeList: BarcodeListPage };
export type FindScreenName = keyof typeof SCREENS;

export default function FindScreens({ screen = 'search' }: { screen?: FindScreenName }) {
  const ready = useLazyStrings('find');
  const Screen = SCREENS[screen];
  return ready ? <Screen /> : null;
}
