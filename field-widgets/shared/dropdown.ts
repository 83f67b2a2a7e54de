/**
 * Dropdowns of the form widgets: drawn next to their input (so they scroll with the form and
 * stay inside a previewed phone frame), and never hidden when the input is briefly scrolled out
 * of view — mobile browsers scroll a tapped input on focus, and a dropdown that hides itself
 * then looks like a tap that did nothing.
 */
export const DROPDOWN_PROPS = { withinPortal: false, hideDetached: false } as const;
