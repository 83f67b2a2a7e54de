import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../../schemas/project-config';
import { assertClientUser, pickedProduct, productsOf } from '../../../server/rules/products';
import { answer, CARRIER, CLIENT, common, CONFIG, label, onField, STAFF } from './fixtures';

const FLU = {
  code: 'FLU-10',
  name: label('Influenza vaccine, 10 doses'),
  defaults: { productName: 'Influenza vaccine', caseCount: 10 },
};
const DILUENT = { code: 'DILUENT-5', name: label('Sterile diluent, 5 ml') };
const WITH_PRODUCTS: ProjectConfig = { ...CONFIG, products: [FLU, DILUENT] };

describe('the product list', () => {
  it('is for client users only; staff and carrier users are refused (403)', () => {
    expect(answer(() => assertClientUser(CLIENT))).toBe('passed');
    expect(answer(() => assertClientUser(STAFF))).toEqual(common(403, 403));
    expect(answer(() => assertClientUser(CARRIER))).toEqual(common(403, 403));
  });

  it("shows each product's code, name and defaults; a product without defaults prefills nothing", () => {
    expect(productsOf(WITH_PRODUCTS)).toEqual([
      {
        code: 'FLU-10',
        name: label('Influenza vaccine, 10 doses'),
        defaults: { productName: 'Influenza vaccine', caseCount: 10 },
      },
      { code: 'DILUENT-5', name: label('Sterile diluent, 5 ml'), defaults: {} },
    ]);
  });

  it('is empty for a project without products', () => {
    expect(productsOf(CONFIG)).toEqual([]);
  });

  it('carries a package type where the product sets one, and no such key where it does not', () => {
    const listed = productsOf({ ...CONFIG, products: [{ ...DILUENT, barcodeType: 'case' }, FLU] });
    expect(listed[0]).toStrictEqual({ ...DILUENT, defaults: {}, barcodeType: 'case' });
    expect(listed[1]).toStrictEqual({ ...FLU });
    expect(Object.keys(listed[1]!)).not.toContain('barcodeType');
  });
});

describe('the product an activation names', () => {
  it("is the project's product with that code", () => {
    expect(pickedProduct(WITH_PRODUCTS, CLIENT, 'DILUENT-5')).toBe(DILUENT);
    expect(pickedProduct(WITH_PRODUCTS, CLIENT, 'FLU-10')).toBe(FLU);
  });

  it("must be one of the project's products (2305 on productCode), also when the project has none", () => {
    expect(answer(() => pickedProduct(WITH_PRODUCTS, CLIENT, 'MMR-1'))).toEqual(onField('productCode', 2305));
    expect(answer(() => pickedProduct(CONFIG, CLIENT, 'FLU-10'))).toEqual(onField('productCode', 2305));
  });

  it('may be named by client users only (403), before the code is even looked at', () => {
    expect(answer(() => pickedProduct(WITH_PRODUCTS, STAFF, 'FLU-10'))).toEqual(common(403, 403));
    expect(answer(() => pickedProduct(WITH_PRODUCTS, CARRIER, 'MMR-1'))).toEqual(common(403, 403));
  });
});
