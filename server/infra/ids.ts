import { randomUUID } from 'node:crypto';
import { UUID_PATTERN_SOURCE } from '../../schemas/validation';

export const UUID_PATTERN = new RegExp(UUID_PATTERN_SOURCE);

export const newId = (): string => randomUUID();
