/**
 * What @rjsf/core gets for `markdown-to-jsx/react` (aliases.ts): its text as plain text. rjsf
 * draws markdown only for descriptions and help of forms that set
 * `ui:enableMarkdownInDescription` or `ui:enableMarkdownInHelp`, which the renderer never does
 * (a unit test checks every compiled form), and for its own notices of a malformed schema or an
 * unsupported field, which this app's forms do not reach (every field has a widget:
 * field-widgets/registry.ts). So the first form does not download a markdown parser it would
 * never run; such a notice still shows, as the plain sentence it is.
 */
import { createElement, Fragment, type ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: object }) {
  return createElement(Fragment, null, children);
}
