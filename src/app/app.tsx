import { MantineProvider, createTheme } from '@mantine/core';
import { useEffect } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { outboxDeliveries } from '@/shared/api/outbox/outbox-items';
import { useStore } from '@/shared/ui/store';
import { LazyToasts, LazyUpdateDialog } from './dialogs/lazy-dialogs';
import { AppRoutes } from './router';

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

/** Providers and app-wide dialogs around the routes. */
export function App() {
  return (
    <MantineProvider theme={theme}>
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <AppRoutes />
        <RevalidateAfterDelivery />
        <LazyUpdateDialog />
        <LazyToasts />
      </SWRConfig>
    </MantineProvider>
  );
}
