import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheet in two parts: whole, it blocked the first paint although the first screen
 * uses little of it (Lighthouse reports the rest as unused CSS). The first part holds what the
 * first screens draw (login, landing, home's shell, the header, the loaders) and is linked from
 * index.html; the rest is fetched beside the app's code, without blocking the paint, and every
 * lazy screen and dialog waits for it (src/shared/ui/styles.ts).
 *
 * Order is kept: both parts follow the order of Mantine's own styles.css (a component's
 * dependencies first), and the rest comes after the first part and after the app's own
 * stylesheets (src/app/*.css). So the app's overrides must target first-part components only:
 * today Button, Input, Checkbox and Radio, all listed below. tests/build/mantine-styles.test.ts
 * checks that every Mantine component the first load's code can draw has its styles here.
 */
export const FIRST_SCREEN_STYLES = [
  'baseline',
  'default-css-variables',
  'global',
  // What most components build on.
  'ScrollArea',
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'Overlay',
  'Popover',
  'Loader',
  'ActionIcon',
  'CloseButton',
  'Group',
  'ModalBase',
  'Input',
  'Flex',
  'FloatingIndicator',
  'InlineInput',
  // Drawn by the first load's code.
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'Container',
  'Image',
  'Stack',
  'Text',
  'Title',
  // Restyled by src/app/control-borders.css, which must come after them.
  'CheckboxIndicator',
  'Checkbox',
  'RadioIndicator',
  'Radio',
];

const require = createRequire(import.meta.url);
const stylesDir = () => join(dirname(require.resolve('@mantine/core/styles.css')), 'styles');

/** Mantine's stylesheets (names without `.css`) in the order of its styles.css. */
export function mantineStyleOrder(): string[] {
  const dir = stylesDir();
  const whole = readFileSync(join(dir, '..', 'styles.css'), 'utf8');
  const at = (name: string) => {
    const index = whole.indexOf(
      readFileSync(join(dir, `${name}.css`), 'utf8')
        .trim()
        .slice(0, 200),
    );
    if (index < 0) throw new Error(`mantine-styles: ${name}.css is not part of @mantine/core/styles.css`);
    return index;
  };
  return readdirSync(dir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length))
    .map((name) => ({ name, index: at(name) }))
    .sort((a, b) => a.index - b.index)
    .map(({ name }) => name);
}

/** The two parts, each in Mantine's order; together exactly Mantine's stylesheets. */
export function mantineStyleParts(): { first: string[]; rest: string[] } {
  const order = mantineStyleOrder();
  const missing = FIRST_SCREEN_STYLES.filter((name) => !order.includes(name));
  if (missing.length > 0) throw new Error(`mantine-styles: no stylesheet ${missing.join(', ')} in @mantine/core`);
  const first = new Set(FIRST_SCREEN_STYLES);
  return { first: order.filter((name) => first.has(name)), rest: order.filter((name) => !first.has(name)) };
}

export const MANTINE_FIRST_SCREEN_CSS = 'virtual:mantine-first-screen.css';
export const MANTINE_REST_CSS = 'virtual:mantine-rest.css';

/** Serves the two parts as `virtual:mantine-first-screen.css` and `virtual:mantine-rest.css`. */
export function mantineStyles(): Plugin {
  const ids = new Map([
    [MANTINE_FIRST_SCREEN_CSS, 'first'],
    [MANTINE_REST_CSS, 'rest'],
  ] as const);
  return {
    name: 'mantine-styles',
    resolveId: (id) => (ids.has(id as never) ? `\0${id}` : null),
    load(id) {
      const part = ids.get(id.replace(/^\0/, '') as never);
      if (!id.startsWith('\0') || !part) return null;
      const dir = stylesDir();
      return mantineStyleParts()
        [part].map((name) => readFileSync(join(dir, `${name}.css`), 'utf8'))
        .join('\n');
    },
  };
}
