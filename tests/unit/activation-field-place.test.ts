import { describe, expect, it } from 'vitest';
import type { Project } from '@schemas/api/project';
import { compileForm } from '@renderer';
import { activationFieldPlace } from '@/features/activation/model/field-labels';
import demo from '../../server/projects/demo@1.json';

const project = { ...demo, id: 'p', code: 'demo', name: 'Demo', version: 1 } as unknown as Project;
const viewer = { language: 'en' as const, loggedIn: true };
const forms = {
  address: compileForm(project, { form: 'address', barcodeType: 'case', stage: 'edit' }, viewer),
  package: compileForm(
    project,
    { form: 'package', barcodeType: 'case', stage: 'edit', packageRequired: false, withActivationFields: true },
    viewer,
  ),
};

describe('where a refused activation field is drawn (activationFieldPlace)', () => {
  it('puts sizes, weight and activation fields in the package form, address parts in their side', () => {
    expect(activationFieldPlace(forms, 'dimension.depth')).toEqual({ form: 'package', key: 'depth' });
    expect(activationFieldPlace(forms, 'weight')).toEqual({ form: 'package', key: 'weight' });
    expect(activationFieldPlace(forms, 'customFields.lotNumber')).toEqual({ form: 'package', key: 'lotNumber' });
    expect(activationFieldPlace(forms, 'origin.postalCode')).toEqual({ form: 'origin', key: 'postalCode' });
    expect(activationFieldPlace(forms, 'destination.country')).toEqual({ form: 'destination', key: 'country' });
  });

  it('places nothing no form draws: the message says it', () => {
    expect(activationFieldPlace(forms, '$common')).toBeUndefined();
    expect(activationFieldPlace(forms, 'origin')).toBeUndefined();
    expect(activationFieldPlace(forms, 'origin.depth')).toBeUndefined();
    expect(activationFieldPlace(forms, 'customFields.noSuchField')).toBeUndefined();
    expect(activationFieldPlace(forms, 'barcodeType')).toBeUndefined();
  });
});
