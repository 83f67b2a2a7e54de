import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useCurrentBarcode } from '../barcode/barcode-context';
import { PageTitle } from '../barcode/page-title';
import type { StepFlow } from './use-step-flow';
import { UnsavedChangesGuard } from './unsaved-changes';

export interface StepFlowScreenProps {
  flow: Pick<StepFlow<unknown>, 'guard'>;
  /** The screen's heading, above the barcode's label and under the way back to its detail page. */
  title: string;
  /** The flow's progress and its current step. */
  children: ReactNode;
}

/** The frame of a step-flow screen under a barcode: its title, the steps, and the unsaved-changes guard. */
export function StepFlowScreen({ flow, title, children }: StepFlowScreenProps) {
  const { barcode, detailPath } = useCurrentBarcode();
  return (
    <Stack gap="md">
      <PageTitle title={title} barcode={barcode} detailPath={detailPath} />
      {children}
      <UnsavedChangesGuard {...flow.guard} />
    </Stack>
  );
}
