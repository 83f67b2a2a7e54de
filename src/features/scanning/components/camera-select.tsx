import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { writeStored } from '@/shared/storage/storage';

export interface CameraSelectProps {
  cameras: MediaDeviceInfo[];
  value: string | null;
  onChange(deviceId: string): void;
}

/**
 * The camera picker of the scanner and the OCR capture: shown when the device has more than one
 * camera; the choice is remembered on the device.
 */
export function CameraSelect({ cameras, value, onChange }: CameraSelectProps) {
  const { t } = useTranslation('barcode');
  if (cameras.length < 2) return null;
  return (
    <Select
      size="sm"
      aria-label={t('scan.camera')}
      value={value}
      allowDeselect={false}
      w={200}
      data={cameras.map((c, i) => ({ value: c.deviceId, label: c.label || t('scan.cameraNumber', { number: i + 1 }) }))}
      onChange={(id) => {
        if (!id) return;
        writeStored('currentCameraId', id);
        onChange(id);
      }}
    />
  );
}
