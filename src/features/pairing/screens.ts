/**
 * The pairing feature's screens, loaded together by one lazy import of the router (one import
 * site keeps the first load small: each dynamic import adds its own dependency list there).
 */
export { PairPage, PairKhtPage } from './components/pair-page';
export { UnpairPage } from './components/unpair-page';
export { LinkToPage, BeLinkedPage, LinkKhtPage } from './components/link-page';
export { ChildrenPage } from './components/children-page';
export { preloadChildrenPage } from './api/pairing';
