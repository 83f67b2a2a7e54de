import { asText, isRecord, type FieldTypeDefinition } from './field-type';

/** A place: latitude and longitude (and the reading's accuracy in metres), from the phone's location. */
export const location: FieldTypeDefinition<'location', Record<string, never>> = {
  compile: () => ({
    schema: {
      type: 'object',
      properties: {
        latitude: { type: 'number', minimum: -90, maximum: 90 },
        longitude: { type: 'number', minimum: -180, maximum: 180 },
        accuracy: { type: 'number', minimum: 0 },
      },
      required: ['latitude', 'longitude'],
      additionalProperties: false,
    },
    options: {},
  }),
  display: (_field, value) =>
    isRecord(value)
      ? { kind: 'text', text: `${Number(value.latitude).toFixed(5)}, ${Number(value.longitude).toFixed(5)}` }
      : asText(value),
};
