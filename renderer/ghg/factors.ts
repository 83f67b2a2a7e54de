import { ownValue } from '@schemas/own-keys';
import { TRANSPORT_TYPES, transportInfo, type TransportType } from './transport-types';

/**
 * Every factor the GHG calculation uses, in one versioned table (method, fuel or mode, class,
 * value, unit, source, version). A project's configuration may override any row by its `id`
 * (`ghg.factors` in the project configuration).
 *
 * Values absent (null) are ones we could not confirm from an authoritative source (the
 * guideline's default fuel-efficiency table, the ton-kilo intensities, the per-vehicle-km
 * CH4/N2O factors of the national reporting system): we do not guess them. A calculation that
 * needs an absent value is refused with ErrorCode.ghgFactorMissing unless the project supplies
 * it; an absent CH4 or N2O factor leaves that gas out of the total and the result says so.
 */
export const GHG_FACTOR_TABLE_VERSION = 'jp-logistics-guideline-3.2/2023-06+ipcc-ar5.1';

export type GhgFactorMethod = 'fuel' | 'modifiedTonkilo' | 'fuelEfficiencyDefault' | 'tonkilo' | 'ch4' | 'n2o' | 'gwp';

export interface GhgFactor {
  /** `<method>:<subject>[.<class>]`, what a project's override names. */
  id: string;
  method: GhgFactorMethod;
  /** The fuel, transport type or gas. */
  subject: string;
  /** The vehicle usage (business/private) or the formula coefficient (a, b, c). */
  class?: string;
  /** Null: not found in an authoritative source; the project must give it. */
  value: number | null;
  unit: string;
  source: string;
  version: string;
}

const GUIDELINE = 'METI/MLIT ロジスティクス分野におけるCO2排出量算定方法 共同ガイドライン Ver.3.2 (2023-06)';
const NOTICE_66 = `${GUIDELINE}; METI notice No. 66 of 2006 (heat value x carbon factor x 44/12)`;
// Chosen here: the latest assessment's 100-year values without climate-carbon feedback. A project
// reporting with AR4's (CH4 25, N2O 298) overrides gwp:CH4 and gwp:N2O.
const AR5 = 'IPCC AR5 WG1 chapter 8, table 8.7 (GWP-100)';
const ABSENT =
  'not found in an authoritative source available to this project: give it in the project configuration (ghg.factors)';

const row = (
  method: GhgFactorMethod,
  subject: string,
  klass: string | undefined,
  value: number | null,
  unit: string,
  source: string,
): GhgFactor => ({
  id: `${method}:${subject}${klass ? `.${klass}` : ''}`,
  method,
  subject,
  ...(klass ? { class: klass } : {}),
  value,
  unit,
  source,
  version: GHG_FACTOR_TABLE_VERSION,
});

const trucks = TRANSPORT_TYPES.filter((t) => 'truck' in transportInfo(t));
const roadTypes = TRANSPORT_TYPES.filter((t) => transportInfo(t).mode === 'road');

export const GHG_FACTORS: readonly GhgFactor[] = [
  // Fuel method: CO2 per unit of fuel, from the notice's heat value and carbon factor.
  row('fuel', 'gasoline', undefined, 2.32, 'kg-CO2/L', `${NOTICE_66}: 34.6 GJ/kL x 0.0183 tC/GJ x 44/12`),
  row('fuel', 'diesel', undefined, 2.58, 'kg-CO2/L', `${NOTICE_66}: 37.7 GJ/kL x 0.0187 tC/GJ x 44/12`),
  row('fuel', 'lpg', undefined, 3.0, 'kg-CO2/kg', NOTICE_66),
  row('fuel', 'cityGas', undefined, 2.23, 'kg-CO2/m3N', NOTICE_66),
  // Modified ton-kilo method: ln y = a - b ln(x/100) - c ln z (y L/t-km, x load rate %, z max load kg).
  row('modifiedTonkilo', 'diesel', 'a', 2.71, '-', GUIDELINE),
  row('modifiedTonkilo', 'diesel', 'b', 0.812, '-', GUIDELINE),
  row('modifiedTonkilo', 'diesel', 'c', 0.654, '-', GUIDELINE),
  row('modifiedTonkilo', 'gasoline', 'a', 2.67, '-', GUIDELINE),
  row('modifiedTonkilo', 'gasoline', 'b', 0.927, '-', GUIDELINE),
  row('modifiedTonkilo', 'gasoline', 'c', 0.648, '-', GUIDELINE),
  // Fuel-efficiency method: the guideline's default km/L by fuel, max-load class and use (absent).
  ...trucks.flatMap((t) =>
    (['business', 'private'] as const).map((use) =>
      row('fuelEfficiencyDefault', t, use, null, 'km/L', `${GUIDELINE} default table: ${ABSENT}`),
    ),
  ),
  // Ton-kilo method: intensity per mode (absent).
  ...TRANSPORT_TYPES.map((t) =>
    row('tonkilo', t, undefined, null, 'g-CO2/t-km', `${GUIDELINE} ton-kilo intensities: ${ABSENT}`),
  ),
  // CH4 and N2O per vehicle-km of road transport (national reporting system factors; absent).
  ...roadTypes.map((t) =>
    row(
      'ch4',
      t,
      undefined,
      null,
      'kg-CH4/km',
      `算定・報告・公表制度 (Japan's mandatory GHG reporting) per vehicle-km: ${ABSENT}`,
    ),
  ),
  ...roadTypes.map((t) =>
    row(
      'n2o',
      t,
      undefined,
      null,
      'kg-N2O/km',
      `算定・報告・公表制度 (Japan's mandatory GHG reporting) per vehicle-km: ${ABSENT}`,
    ),
  ),
  row('gwp', 'CH4', undefined, 28, 'kg-CO2e/kg', AR5),
  row('gwp', 'N2O', undefined, 265, 'kg-CO2e/kg', AR5),
];

const byId = new Map(GHG_FACTORS.map((f) => [f.id, f]));

/** Whether an id names a row of the table (a project's override of another id is a configuration problem). */
export const isGhgFactorId = (id: string): boolean => byId.has(id);

/** A project's replacement of one factor: its value and where that value comes from. */
export interface GhgFactorOverride {
  value: number;
  source: string;
}

export type GhgFactorOverrides = Readonly<Record<string, GhgFactorOverride>>;

/** A factor as a calculation used it. */
export interface UsedFactor extends Omit<GhgFactor, 'value'> {
  value: number;
  /** The project's configuration gave this value instead of the table's. */
  overridden: boolean;
}

/** The factor `id` with the project's override applied; null when neither the table nor the project has a value. */
export function factorOf(id: string, overrides: GhgFactorOverrides = {}): UsedFactor | null {
  const base = byId.get(id);
  if (!base) return null;
  const own = ownValue(overrides, id);
  if (own) return { ...base, value: own.value, source: own.source, overridden: true };
  return base.value === null ? null : { ...base, value: base.value, overridden: false };
}

export const fuelFactorId = (fuel: string) => `fuel:${fuel}`;
export const tonkiloFactorId = (type: TransportType) => `tonkilo:${type}`;
export const defaultEfficiencyId = (type: TransportType, use: string) => `fuelEfficiencyDefault:${type}.${use}`;
