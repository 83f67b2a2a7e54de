import { useState } from 'react';
import { Anchor, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from '../types';

export interface Position {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

/** The device's current position; rejects with the GeolocationPositionError code. */
export function currentPosition(geolocation: Geolocation = navigator.geolocation): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(Object.assign(new Error('no geolocation'), { code: 2 }));
      return;
    }
    geolocation.getCurrentPosition(
      (p) =>
        resolve({
          latitude: Number(p.coords.latitude.toFixed(6)),
          longitude: Number(p.coords.longitude.toFixed(6)),
          accuracy: Math.round(p.coords.accuracy),
        }),
      (error) => reject(error),
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 30000 },
    );
  });
}

export const mapsLink = (p: Position) => `https://www.google.com/maps/search/?api=1&query=${p.latitude},${p.longitude}`;

/**
 * Records where the user is (the location button): asks for the position, says what to do when
 * access is denied, offers 'Fail to get location. Retry?' on other failures, and links the
 * recorded latitude / longitude to a map.
 */
export function LocationWidget({
  id,
  value,
  onChange,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
}: FieldWidgetProps<Position>) {
  const { t } = useTranslation('forms');
  const [state, setState] = useState<'idle' | 'locating' | 'denied' | 'failed'>('idle');
  const locate = async () => {
    setState('locating');
    try {
      onChange(await currentPosition());
      setState('idle');
    } catch (failure) {
      setState((failure as { code?: number }).code === 1 ? 'denied' : 'failed');
    }
  };
  return (
    <Input.Wrapper id={id} label={label} description={description} withAsterisk={required} error={error}>
      <Stack gap={6} mt={4}>
        {value && (
          <Group gap="xs">
            <Text size="sm" ff="monospace">
              {value.latitude}, {value.longitude}
              {value.accuracy !== undefined ? ` (±${value.accuracy} m)` : ''}
            </Text>
            <Anchor href={mapsLink(value)} target="_blank" rel="noopener noreferrer" size="sm">
              {t('widgets.openMap')}
            </Anchor>
          </Group>
        )}
        {!readOnly && (
          <Button variant="light" onClick={() => void locate()} loading={state === 'locating'} disabled={disabled}>
            {value ? t('widgets.updateLocation') : t('widgets.getLocation')}
          </Button>
        )}
        {state === 'denied' && (
          <Text size="sm" c="red" role="alert">
            {t('widgets.locationDenied')}
          </Text>
        )}
        {state === 'failed' && (
          <Group gap="xs" role="alert">
            <Text size="sm" c="red">
              {t('widgets.locationFailed')}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void locate()}>
              {t('common.retry', { ns: 'common' })}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
