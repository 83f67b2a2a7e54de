import { useLazyStrings } from '@/shared/i18n/lazy-strings';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { RecallPage } from './components/recall-page';

/*
 * The recall screen, loaded by one lazy import of the router: one chunk, off the first load. Its
 * strings ('recall') load with it, and it waits for them.
 */
export default function RecallScreen() {
  const ready = useLazyStrings('recall');
  return ready ? <RecallPage /> : <ScreenLoader />;
}
