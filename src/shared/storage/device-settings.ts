import type { DeviceSettings } from '@widgets/types';
import { readStored, writeStored } from './storage';

/**
 * Form widgets' choices kept on this device (the GHG load rate's auto switch), for their form
 * context. A module of its own: only screens with forms load it, not the first screen.
 */
export const deviceSettings: DeviceSettings = { read: readStored, write: writeStored };
