import {
  IconBoxMultiple,
  IconBuildingWarehouse,
  IconCalendarTime,
  IconCircleDashed,
  IconCircleDot,
  IconContainer,
  IconFileText,
  IconForklift,
  IconLeaf,
  IconPackage,
  IconPackages,
  IconPlane,
  IconShip,
  IconStack2,
  IconTrain,
  IconTruck,
  IconUser,
  IconVaccine,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { ThemeIcon } from '@mantine/core';
import type { BarcodeType } from '@schemas/project-config';

type IconKind = BarcodeType['icon'];
type TablerIcon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** The configuration's icon kinds, each drawn with one Tabler icon (only these are bundled). */
const ICONS: Record<IconKind, TablerIcon> = {
  node: IconCircleDot,
  leaf: IconLeaf,
  orphan: IconCircleDashed,
  vaccine: IconVaccine,
  truck: IconTruck,
  container: IconContainer,
  timetable: IconCalendarTime,
  inventory: IconBoxMultiple,
  warehouse: IconBuildingWarehouse,
  rack: IconStack2,
  forklift: IconForklift,
  packages: IconPackages,
  package: IconPackage,
  paper: IconFileText,
  person: IconUser,
  train: IconTrain,
  ship: IconShip,
  airplane: IconPlane,
};

export interface TypeIconProps {
  type: Pick<BarcodeType, 'icon' | 'color'> | undefined;
  size?: number;
}

/** A barcode type's icon in its configured colours; a dashed circle for an unknown type. */
export function TypeIcon({ type, size = 40 }: TypeIconProps) {
  const Icon = (type && ICONS[type.icon]) ?? IconCircleDashed;
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant={type ? 'filled' : 'light'}
      color={type?.color.background ?? 'gray'}
      style={type ? { color: type.color.foreground } : undefined}
      data-icon={type?.icon ?? 'none'}
    >
      <Icon size={Math.round(size * 0.62)} stroke={1.8} aria-hidden />
    </ThemeIcon>
  );
}
