import { MantineProvider, createTheme } from '@mantine/core';
import { useEffect } from 'react';
import { SWRConfig, useSWRConfig, type Cache } from 'swr';
import { outboxDeliveries } from '@/shared/api/outbox/outbox-items';
import { useStore } from '@/shared/ui/store';
import { LazyToasts, LazyUpdateDialog } from './dialogs/lazy-dialogs';
import { AppRoutes, type AppRouter } from './router';

/*
 * Colours read in sunlight (WCAG AA): cyan 9 gives white button text and cyan links 5.6:1 on
 * white (cyan 8 was 4.4:1). The app is light only (no colour-scheme switch). The dimmed and
 * error colours and the edges of fields are in theme-colors.css and control-borders.css.
 */
const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans CJK JP", "Microsoft JhengHei", "Microsoft YaHei", sans-serif',
  // A dialog's header is not the page's banner landmark (Mantine draws it as <header>).
  components: { ModalHeader: { defaultProps: { component: 'div' } } },
});

/** Every cached read is loaded again after the outbox delivered writes made offline (they changed barcodes). */
function RevalidateAfterDelivery() {
  const { mutate } = useSWRConfig();
  const deliveries = useStore(outboxDeliveries);
  useEffect(() => {
    if (deliveries > 0) void mutate(() => true);
  }, [deliveries, mutate]);
  return null;
}

export interface AppProps {
  /** The router: the browser's history by default (AppRoutes). */
  Router?: AppRouter;
  /**
   * SWR's cache: the app-wide one by default. The server's first screen (entry-server.tsx) brings
   * one of its own per request, holding that request's answers only.
   */
  cache?: () => Cache;
}

/** Providers and app-wide dialogs around the routes. */
export function App({ Router, cache }: AppProps) {
  return (
    <MantineProvider theme={theme}>
      <SWRConfig value={cache ? { revalidateOnFocus: false, provider: cache } : { revalidateOnFocus: false }}>
        <AppRoutes Router={Router} />
        <RevalidateAfterDelivery />
        <LazyUpdateDialog />
        <LazyToasts />
      </SWRConfig>
    </MantineProvider>
  );
}
