import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Hands `take` what was typed into fields of a screen the server drew, before the client took
 * the page over: hydration leaves an input's text as the page has it but starts the component's
 * state empty, so a submit would send nothing and the next render would clear the field. Runs
 * once, as the fields are first drawn; when their text is what the component drew (a screen the
 * client drew itself: empty), nothing is taken.
 */
export function useTypedEarly(
  fields: readonly RefObject<HTMLInputElement | null>[],
  drawn: readonly string[],
  take: (typed: string[]) => void,
): void {
  const first = useRef({ fields, drawn, take });
  useLayoutEffect(() => {
    const { fields: refs, drawn: values, take: handOver } = first.current;
    const typed = refs.map((ref) => ref.current?.value ?? '');
    if (typed.some((text, i) => text !== values[i])) handOver(typed);
  }, []);
}
