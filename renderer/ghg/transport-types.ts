/**
 * The transport types a GHG emission field offers (fuels, vehicle weight classes, aviation,
 * container-ship routes, railway) and what each means to the four methods.
 *
 * Truck classes are the maximum-load classes of the METI/MLIT joint guideline's fuel-efficiency
 * table (by fuel: gasoline light / up to 1,999 kg / 2,000 kg and over; diesel up to 999 kg and
 * then 1,000 kg steps to 8-9.999 t, 10-11.999 t, 12-16.999 t). The class fixes the fuel, so a
 * truck class serves every road method.
 */

export const FUELS = ['gasoline', 'diesel', 'lpg', 'cityGas'] as const;
export type Fuel = (typeof FUELS)[number];

/** Fuels the modified ton-kilo formula has coefficients for (guideline Ver.3.2). */
export const TONKILO_TRUCK_FUELS = ['gasoline', 'diesel'] as const satisfies readonly Fuel[];

export type TransportMode = 'road' | 'rail' | 'ship' | 'air';

export interface TransportTypeInfo {
  mode: TransportMode;
  /** The fuel burnt, for road types. */
  fuel?: Fuel;
  /** A truck of a maximum-load class (the class is named by the key); absent for a bare fuel. */
  truck?: true;
}

const truck = (fuel: Fuel): TransportTypeInfo => ({ mode: 'road', fuel, truck: true });

export const TRANSPORT_TYPE_INFO = {
  gasoline: { mode: 'road', fuel: 'gasoline' },
  diesel: { mode: 'road', fuel: 'diesel' },
  lpg: { mode: 'road', fuel: 'lpg' },
  cityGas: { mode: 'road', fuel: 'cityGas' },
  gasolineTruckLight: truck('gasoline'),
  gasolineTruckUpTo2t: truck('gasoline'),
  gasolineTruck2tPlus: truck('gasoline'),
  dieselTruckUpTo1t: truck('diesel'),
  dieselTruck1to2t: truck('diesel'),
  dieselTruck2to4t: truck('diesel'),
  dieselTruck4to6t: truck('diesel'),
  dieselTruck6to8t: truck('diesel'),
  dieselTruck8to10t: truck('diesel'),
  dieselTruck10to12t: truck('diesel'),
  dieselTruck12to17t: truck('diesel'),
  railway: { mode: 'rail' },
  coastalShip: { mode: 'ship' },
  containerShipIntraAsia: { mode: 'ship' },
  containerShipAsiaNorthAmerica: { mode: 'ship' },
  containerShipAsiaEurope: { mode: 'ship' },
  aviationDomestic: { mode: 'air' },
  aviationInternational: { mode: 'air' },
} as const satisfies Record<string, TransportTypeInfo>;

export type TransportType = keyof typeof TRANSPORT_TYPE_INFO;

/** Every transport type, in the order the widget lists them. */
export const TRANSPORT_TYPES = Object.keys(TRANSPORT_TYPE_INFO) as TransportType[];

export const isTransportType = (value: unknown): value is TransportType =>
  typeof value === 'string' && Object.hasOwn(TRANSPORT_TYPE_INFO, value);

export const transportInfo = (type: TransportType): TransportTypeInfo => TRANSPORT_TYPE_INFO[type];

/**
 * The transport types a calculation type accepts: the fuel methods need a road vehicle's fuel,
 * the modified ton-kilo method a gasoline or diesel truck, the ton-kilo method any mode.
 */
export function transportTypesFor(calculationType: string): TransportType[] {
  switch (calculationType) {
    case 'fuel':
    case 'fuelEfficiency':
      return TRANSPORT_TYPES.filter((t) => transportInfo(t).mode === 'road');
    case 'modifiedTonkilo':
      return TRANSPORT_TYPES.filter((t) =>
        // Stryker disable next-line StringLiteral: equivalent; the fallback stands for no fuel (rail, ship, air), and any text but 'gasoline' or 'diesel' is left out alike
        (TONKILO_TRUCK_FUELS as readonly string[]).includes(transportInfo(t).fuel ?? ''),
      );
    case 'tonkilo':
      return [...TRANSPORT_TYPES];
    default:
      return [];
  }
}
