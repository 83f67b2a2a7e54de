import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { SWRConfig } from 'swr';
import { LazyToasts, LazyUpdateDialog } from './dialogs/lazy-dialogs';
import { AppRoutes } from './router';

/*
 * Colours read in sunlight (WCAG AA): cyan 9 gives white button text and cyan links 5.6:1 on
 * white (cyan 8 was 4.4:1). The app is light only (no colour-scheme switch).
 */
const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans CJK JP", "Microsoft JhengHei", "Microsoft YaHei", sans-serif',
  // A dialog's header is not the page's banner landmark (Mantine draws it as <header>).
  components: { ModalHeader: { defaultProps: { component: 'div' } } },
});

/*
 * Secondary text and field errors at 4.5:1 or more: Mantine's dimmed grey 6 is 3.3:1 on white
 * and its error red 6 is 3.3:1; DIMMED is 6.0:1 on white and 5.7:1 on grey 0, red 9 is 5.5:1.
 */
const DIMMED = '#5c646c';
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED, '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

/** Providers and app-wide dialogs around the routes. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <AppRoutes />
        <LazyUpdateDialog />
        <LazyToasts />
      </SWRConfig>
    </MantineProvider>
  );
}
