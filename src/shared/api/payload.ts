import type { Static, TSchema } from 'typebox';

/**
 * The `data` of a success response, typed from the response schema the server route declares
 * (schemas/api, `{ data }` envelope): the client never writes a response type by hand, so a
 * schema change reaches every caller at compile time. Types only: no schema code is bundled.
 */
export type Payload<S extends TSchema> = Static<S> extends { data: infer D } ? D : never;
