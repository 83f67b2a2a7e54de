import { useMemo } from 'react';
import type { Project } from '@schemas/api/project';
import type { FormStage } from '@schemas/field-constants';
import type { Language } from '@schemas/languages';
import { compileForm, type CompiledForm } from '@renderer';

interface BuiltinFormsInput {
  project: Project;
  language: Language;
  stage: FormStage;
  barcodeType: string;
  /** Package information is required at this trackpoint. */
  packageRequired: boolean;
  /** The package form also holds the identifiers and the type's activation fields (activation, edit). */
  withActivationFields?: boolean;
}

/** The address form and the package form of a barcode screen, compiled once per input. */
export function useBuiltinForms({
  project,
  language,
  stage,
  barcodeType,
  packageRequired,
  withActivationFields = false,
}: BuiltinFormsInput): { address: CompiledForm; package: CompiledForm } {
  return useMemo(() => {
    const viewer = { language, loggedIn: true };
    return {
      address: compileForm(project, { form: 'address', barcodeType, stage }, viewer),
      package: compileForm(
        project,
        { form: 'package', barcodeType, stage, packageRequired, withActivationFields },
        viewer,
      ),
    };
  }, [project, language, stage, barcodeType, packageRequired, withActivationFields]);
}
