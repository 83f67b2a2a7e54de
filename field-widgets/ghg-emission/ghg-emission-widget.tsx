import { useState } from 'react';
import { Input, Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isTransportType,
  LOAD_RATE_PERCENT,
  loadRate,
  loadRateFromPercent,
  loadRatePercent,
  transportInfo,
  transportTypesFor,
  type GhgInputs,
} from '@renderer';
import type { WidgetProps } from '../types';
import { DROPDOWN_PROPS } from '../shared/dropdown';
import { NumberInputWithButtons } from '../number/number-widget';
import { CalculationReview } from './calculation-review';

type GhgValue = GhgInputs & { emission?: number };

const UNITS = {
  weight: 'tons',
  distance: 'km',
  maxWeightCapacity: 'tons',
  fuelConsumption: 'KL',
  fuelEfficiency: 'km/L',
} as const;
/** Fuel consumption is in thousands of the fuel's own unit (renderer/ghg/calculate.ts). */
const FUEL_UNITS: Record<string, string> = { lpg: 't', cityGas: '1000 m3N' };
const FUEL_EFFICIENCY_UNITS: Record<string, string> = { lpg: 'km/kg', cityGas: 'km/m3N' };

/**
 * The inputs of a vehicle GHG emission calculation, those its calculation type asks for
 * (renderer/field-types/ghg-emission.ts), with the limits the renderer compiled; the load rate
 * computed from weight and max capacity (automatic by default, the choice remembered on the
 * device) or typed as a percent and kept as a fraction. The emission itself is computed by the
 * server: the calculation review button shows it before submit. Each input of a required field
 * is marked required: the emission cannot be calculated without every one.
 */
export function GhgEmissionWidget({
  id,
  value,
  onChange,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
  options,
  context,
}: WidgetProps<'ghgEmission', GhgValue>) {
  const { t } = useTranslation('forms');
  const [auto, setAuto] = useState(context.deviceSettings?.read('loadRateAuto') !== 'false');
  const { inputs } = options;
  const numbers = { min: options.minimum, max: options.maximum, precision: options.precision };
  const data = value ?? {};
  const update = (patch: GhgValue) => {
    const next: GhgValue = { ...data, ...patch };
    if (auto && inputs.includes('loadRate')) next.loadRate = loadRate(next.weight, next.maxWeightCapacity);
    onChange(next);
  };
  const toggleAuto = (on: boolean) => {
    setAuto(on);
    context.deviceSettings?.write('loadRateAuto', String(on));
    if (on) onChange({ ...data, loadRate: loadRate(data.weight, data.maxWeightCapacity) });
  };
  const fuel = isTransportType(data.transportType) ? (transportInfo(data.transportType).fuel ?? '') : '';
  const unitOf = (key: keyof typeof UNITS) =>
    (key === 'fuelConsumption'
      ? FUEL_UNITS[fuel]
      : key === 'fuelEfficiency'
        ? FUEL_EFFICIENCY_UNITS[fuel]
        : undefined) ?? UNITS[key];
  const number = (key: keyof typeof UNITS) => (
    <NumberInputWithButtons
      key={key}
      id={`${id}_${key}`}
      label={t(`ghg.${key}`)}
      value={data[key]}
      onChange={(n) => update({ [key]: n })}
      onBlur={() => undefined}
      required={required}
      readOnly={readOnly}
      disabled={disabled}
      rules={{ ...numbers, unitSuffix: unitOf(key) }}
    />
  );
  // What the review sends: the inputs only (the stored emission is the server's).
  const { emission: _stored, ...input } = data;
  return (
    <Input.Wrapper id={id} label={label} description={description} withAsterisk={required} error={error}>
      <Stack gap="xs" mt={4}>
        {inputs.includes('transportType') && (
          <Select
            label={t('ghg.transportType')}
            withAsterisk={required}
            aria-required={required}
            value={data.transportType ?? null}
            readOnly={readOnly}
            disabled={disabled}
            comboboxProps={DROPDOWN_PROPS}
            data={transportTypesFor(options.calculationType).map((v) => ({ value: v, label: t(`ghg.transport.${v}`) }))}
            onChange={(v) => update({ transportType: v ?? undefined })}
          />
        )}
        {inputs.includes('vehicleUsageType') && (
          <Select
            label={t('ghg.vehicleUsageType')}
            withAsterisk={required}
            aria-required={required}
            value={data.vehicleUsageType ?? null}
            readOnly={readOnly}
            disabled={disabled}
            comboboxProps={DROPDOWN_PROPS}
            data={[
              { value: 'business', label: t('ghg.business') },
              { value: 'private', label: t('ghg.private') },
            ]}
            onChange={(v) => update({ vehicleUsageType: (v as GhgValue['vehicleUsageType']) ?? undefined })}
          />
        )}
        {(['weight', 'distance', 'maxWeightCapacity', 'fuelConsumption', 'fuelEfficiency'] as const)
          .filter((k) => inputs.includes(k))
          .map(number)}
        {inputs.includes('loadRate') && (
          <>
            <Switch
              label={t('ghg.loadRateAuto')}
              checked={auto}
              onChange={(e) => toggleAuto(e.currentTarget.checked)}
              disabled={readOnly || disabled}
            />
            <NumberInputWithButtons
              id={`${id}_loadRate`}
              label={t('ghg.loadRate')}
              readOnly={readOnly || auto}
              disabled={disabled}
              required={false}
              onBlur={() => undefined}
              value={data.loadRate === undefined ? undefined : loadRatePercent(data.loadRate)}
              onChange={(percent) =>
                update({ loadRate: percent === undefined ? undefined : loadRateFromPercent(percent) })
              }
              rules={{ ...LOAD_RATE_PERCENT, unitSuffix: '%' }}
            />
          </>
        )}
        {context.reviewCalculation && !readOnly && (
          <CalculationReview
            id={id}
            calculationType={options.calculationType}
            input={input}
            review={context.reviewCalculation}
            disabled={disabled}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
