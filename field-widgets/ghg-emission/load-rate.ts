/**
 * Load rate for GHG calculations (spec section 5): weight / max weight capacity rounded to 4
 * decimals; 0 when either is 0 or less. Shown as a percent with 2 decimals.
 */
export function loadRate(weight: number | undefined, maxWeightCapacity: number | undefined): number {
  if (!weight || !maxWeightCapacity || weight <= 0 || maxWeightCapacity <= 0) return 0;
  return Math.round((weight / maxWeightCapacity) * 10000) / 10000;
}

export const loadRatePercent = (rate: number) => Math.round(rate * 100 * 100) / 100;

/** Which inputs each calculation type needs (not shown in the spec: decided here, see README). */
export const GHG_INPUTS = {
  fuel: ['transportType', 'fuelConsumption'],
  fuelEfficiency: ['transportType', 'distance', 'fuelConsumption'],
  tonkilo: ['transportType', 'weight', 'distance'],
  modifiedTonkilo: ['transportType', 'vehicleUsageType', 'weight', 'distance', 'maxWeightCapacity', 'loadRate'],
} as const;

export type GhgCalculationType = keyof typeof GHG_INPUTS;

/** Transport types offered (fuels, vehicle weight classes, aviation, container ships, railway). */
export const TRANSPORT_TYPES = [
  'gasoline', 'diesel', 'lpg', 'cng', 'truckUpTo2t', 'truck2to4t', 'truck4to10t', 'truckOver10t', 'aviation', 'containerShip', 'railway',
] as const;
