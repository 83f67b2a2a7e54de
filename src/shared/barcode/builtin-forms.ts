import { useMemo } from 'react';
import type { Project } from '@schemas/api/project';
import type { FormStage } from '@schemas/field-constants';
import type { Language } from '@schemas/languages';
import type { CustomField } from '@schemas/custom-field';
import { addressFields, identifierFields, packageFields } from '@/renderer/builtin-forms';
import { compile, type CompiledForm } from '@/renderer/compile';

interface BuiltinFormsInput {
  project: Project;
  language: Language;
  stage: FormStage;
  barcodeType: string;
  /** Package information is required at this trackpoint. */
  packageRequired: boolean;
  /** The type's activation fields, drawn after the package information (activation, edit). */
  activationFields?: CustomField[];
}

/** The address form and the package form of a barcode screen, compiled once per input. */
export function useBuiltinForms({ project, language, stage, barcodeType, packageRequired, activationFields }: BuiltinFormsInput): { address: CompiledForm; package: CompiledForm } {
  return useMemo(() => {
    const formId = (form: string) => ({ project: project.code, version: project.version, barcodeType, form });
    return {
      address: compile(addressFields(), { language, loggedIn: true, stage, formId: formId('address') }),
      package: compile(
        [...packageFields(packageRequired), ...(activationFields ? identifierFields() : []), ...(activationFields ?? [])],
        { language, loggedIn: true, stage, formId: formId(`package-${packageRequired ? 'required' : 'optional'}`) },
      ),
    };
  }, [project, language, stage, barcodeType, packageRequired, activationFields]);
}
