import { useEffect, useState } from 'react';
import { Stack } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** Fields drawn in the first frame, then per following frame. */
export const FIELDS_PER_FRAME = 30;

/**
 * The form's field list, drawn progressively: the first screenful at once, the rest in the
 * frames that follow, so a 200-field trackpoint form shows its top without waiting for its
 * bottom. Validation and submission work on the data, not on what is drawn.
 */
export function ProgressiveObjectTemplate({ properties }: ObjectFieldTemplateProps) {
  const [drawn, setDrawn] = useState(FIELDS_PER_FRAME);
  useEffect(() => {
    if (drawn >= properties.length) return undefined;
    const frame = requestAnimationFrame(() => setDrawn((n) => n + FIELDS_PER_FRAME));
    return () => cancelAnimationFrame(frame);
  }, [drawn, properties.length]);
  return (
    <Stack gap="md">
      {properties
        .slice(0, drawn)
        .map((property) => (property.hidden ? null : <div key={property.name}>{property.content}</div>))}
    </Stack>
  );
}
