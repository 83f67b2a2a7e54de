import type { Product } from '../../schemas/api/search';
import { ErrorCode } from '../../schemas/error-codes';
import type { ProductConfig, ProjectConfig } from '../../schemas/project-config';
import { commonFailure, fieldFailure } from './api-failure';
import type { Viewer } from './access';

/**
 * Products are for client users only: only they are offered the product list when activating.
 * Anyone else asking for them, or naming one in an activation, gets 403, the answer to any
 * forbidden operation.
 */
export function assertClientUser(viewer: Viewer): void {
  if (viewer.userType !== 'client') throw commonFailure(ErrorCode.forbidden, 403);
}

/** The project's products as the list shows them (a product without defaults prefills nothing), with their package type if set. */
export const productsOf = (config: ProjectConfig): Product[] =>
  (config.products ?? []).map((p) => ({
    code: p.code,
    name: p.name,
    defaults: p.defaults ?? {},
    ...(p.barcodeType === undefined ? {} : { barcodeType: p.barcodeType }),
  }));

/**
 * The product an activation names (client users only, 403 otherwise): ErrorCode.productNotFound on
 * `productCode` when the project has no product with that code. Only its code is recorded: the
 * values it prefilled come back as the form's values and are validated (and calculations computed)
 * as any typed value would be.
 */
export function pickedProduct(config: ProjectConfig, viewer: Viewer, code: string): ProductConfig {
  assertClientUser(viewer);
  const product = config.products?.find((p) => p.code === code);
  if (!product) throw fieldFailure('productCode', ErrorCode.productNotFound);
  return product;
}
