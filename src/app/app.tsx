import { MantineProvider, createTheme } from '@mantine/core';
import { SWRConfig } from 'swr';
import { LazyToasts, LazyUpdateDialog } from './dialogs/lazy-dialogs';
import { AppRoutes } from './router';

const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans CJK JP", "Microsoft JhengHei", "Microsoft YaHei", sans-serif',
});

/** Providers and app-wide dialogs around the routes. */
export function App() {
  return (
    <MantineProvider theme={theme}>
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <AppRoutes />
        <LazyUpdateDialog />
        <LazyToasts />
      </SWRConfig>
    </MantineProvider>
  );
}
