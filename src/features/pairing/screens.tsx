import { ChildrenPage } from './components/children-page';
import { BeLinkedPage, LinkKhtPage, LinkToPage } from './components/link-page';
import { PairKhtPage, PairPage } from './components/pair-page';
import { RelationsSection } from './components/relations-section';
import { UnpairPage } from './components/unpair-page';
import { usePairingStrings } from './strings';

/*
 * The pairing feature's screens (and the detail page's relations section), loaded together by
 * one lazy import of the router, as one component (the default export) that draws the screen
 * it is named: one import site and one lazy component keep the first load small.
 */
const SCREENS = {
  pair: PairPage,
  pairKht: PairKhtPage,
  unpair: UnpairPage,
  linkTo: LinkToPage,
  beLinked: BeLinkedPage,
  linkKht: LinkKhtPage,
  children: ChildrenPage,
  relations: RelationsSection,
};
export type PairingScreenName = keyof typeof SCREENS;

export default function PairingScreen({ screen = 'children' }: { screen?: PairingScreenName }) {
  const ready = usePairingStrings();
  const Screen = SCREENS[screen];
  return ready ? <Screen /> : null;
}
