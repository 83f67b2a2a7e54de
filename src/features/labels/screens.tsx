import { LabelSheetPage } from './components/label-sheet-page';
import { PrintLabel } from './components/print-label';

/*
 * Printable labels: the label sheet screen and the detail page's label, loaded by one lazy
 * import of the router as one component that draws the piece it is named: one chunk (with the
 * QR writer), off the first load.
 */
const SCREENS = { labelSheet: LabelSheetPage, printLabel: PrintLabel };
export type LabelScreenName = keyof typeof SCREENS;

export default function LabelScreens({ screen = 'labelSheet' }: { screen?: LabelScreenName }) {
  const Screen = SCREENS[screen];
  return <Screen />;
}
