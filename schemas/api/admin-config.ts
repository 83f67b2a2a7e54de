import { Type, type Static } from 'typebox';
import { envelope, Id, LANGUAGES } from '../common';
import { ErrorCode } from '../error-codes';
import { PROJECT_CODE_PATTERN } from '../validation';

/**
 * Configuration drafts, revisions, publish and roll back: the admin area's API under
 * /admin/config/:code/:version (server/routes/admin-config.ts; what admins do with it:
 * docs/admins/publishing.md).
 */

const strict = { additionalProperties: false } as const;
const revisionNumber = Type.Integer({ minimum: 1, maximum: 1_000_000 });

export const ConfigParams = Type.Object(
  {
    code: Type.String({ pattern: PROJECT_CODE_PATTERN }),
    version: Type.Integer({ minimum: 1, maximum: 100000 }),
  },
  strict,
);
export const RevisionParams = Type.Object({ ...ConfigParams.properties, revision: revisionNumber }, strict);

export const LanguageQuery = Type.Object({ language: Type.Optional(Type.Enum(LANGUAGES)) }, strict);
export const DiffQuery = Type.Object(
  { from: revisionNumber, to: revisionNumber, language: Type.Optional(Type.Enum(LANGUAGES)) },
  strict,
);

/**
 * Largest configuration a draft save or publish may send: a whole configuration is far larger than
 * the API's other bodies (BODY_LIMIT_BYTES in server/app.ts), so these routes get their own bound,
 * with room for a project to grow.
 */
export const CONFIG_BODY_LIMIT_BYTES = 512 * 1024;

/** A configuration as JSON: checked by the QA check (problems with JSON pointers), not by the route. */
const AnyConfig = Type.Record(Type.String(), Type.Unknown(), {
  description: 'A project configuration (schemas/project-config.ts); checked by the QA check.',
});

export const Problem = Type.Object({
  pointer: Type.String(),
  key: Type.String(),
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  message: Type.String(),
});

export const Draft = Type.Object({
  projectId: Id,
  basedOnRevision: Type.Integer(),
  /** Its save count: the ETag of the draft, sent back in If-Match. */
  etag: Type.Integer(),
  savedBy: Type.String(),
  savedAt: Type.String({ description: 'ISO 8601 date and time.' }),
  config: AnyConfig,
  problems: Type.Array(Problem),
});
export type Draft = Static<typeof Draft>;
export const DraftResponse = envelope(Draft);

export const OpenDraftBody = Type.Object({ fromRevision: Type.Optional(revisionNumber) }, strict);
export const SaveDraftBody = Type.Object({ config: AnyConfig }, strict);

export const Migrations = Type.Record(Type.String({ maxLength: 300 }), Type.Literal('keepOldValues'), {
  description:
    'Change id -> migration choice (only keepOldValues: stored values stay under the version they were made with).',
});

export const ReportChange = Type.Object({
  id: Type.String(),
  impact: Type.Union([Type.Literal('inPlace'), Type.Literal('newVersion'), Type.Literal('refused')]),
  affected: Type.Union([Type.Integer(), Type.Null()]),
  text: Type.String(),
  /** The change as data (server/rules/config-diff.ts ConfigChange). */
  change: Type.Record(Type.String(), Type.Unknown()),
});
export const Report = Type.Object({
  verdict: Type.Union([Type.Literal('inPlace'), Type.Literal('newVersion'), Type.Literal('refused')]),
  verdictText: Type.String(),
  changes: Type.Array(ReportChange),
});
export type Report = Static<typeof Report>;
export const ReportResponse = envelope(Report);

const publishFields = {
  mode: Type.Union([Type.Literal('inPlace'), Type.Literal('newVersion')]),
  note: Type.Optional(Type.String({ maxLength: 500 })),
  migrations: Type.Optional(Migrations),
  language: Type.Optional(Type.Enum(LANGUAGES)),
};
export const PublishBody = Type.Object(publishFields, strict);
export const RollbackBody = Type.Object({ revision: revisionNumber, ...publishFields }, strict);

export const Published = Type.Object({
  projectId: Id,
  code: Type.String(),
  version: Type.Integer(),
  revision: Type.Integer(),
  report: Report,
});
export const PublishedResponse = envelope(Published);

export const Revision = Type.Object({
  revision: Type.Integer(),
  mode: Type.String(),
  note: Type.String(),
  publishedBy: Type.String(),
  publishedAt: Type.String({ description: 'ISO 8601 date and time.' }),
});
export const RevisionResponse = envelope(Type.Object({ ...Revision.properties, config: AnyConfig }));

export const ConfigHistory = Type.Object({
  projectId: Id,
  code: Type.String(),
  version: Type.Integer(),
  revision: Type.Integer(),
  revisions: Type.Array(Revision),
  draft: Type.Union([
    Type.Object({
      basedOnRevision: Type.Integer(),
      etag: Type.Integer(),
      savedBy: Type.String(),
      savedAt: Type.String({ description: 'ISO 8601 date and time.' }),
    }),
    Type.Null(),
  ]),
});
export type ConfigHistory = Static<typeof ConfigHistory>;
export const ConfigHistoryResponse = envelope(ConfigHistory);

/** A test activation ('activation') or tracking ('<trackpoint>/<form>') against the draft. */
export const TestEntryBody = Type.Object(
  {
    barcodeType: Type.String({ minLength: 1, maxLength: 64 }),
    form: Type.String({ minLength: 1, maxLength: 200 }),
    data: Type.Record(Type.String(), Type.Unknown()),
  },
  strict,
);
export const TestEntry = Type.Object({
  id: Id,
  barcodeType: Type.String(),
  form: Type.String(),
  valid: Type.Boolean(),
  data: Type.Unknown(),
  errors: Type.Record(Type.String(), Type.Array(Type.Integer())),
  madeBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'ISO 8601 date and time.' }),
});
export type TestEntry = Static<typeof TestEntry>;
export const TestEntryResponse = envelope(TestEntry);
export const TestEntriesResponse = envelope(Type.Array(TestEntry));

/**
 * Refusals of these routes: the error body, plus who saved a draft meanwhile (HTTP 412,
 * ErrorCode.draftChangedMeanwhile), the compatibility report (HTTP 409, ErrorCode.configChangeRefused)
 * or the QA problems (HTTP 400). A publish in place of what is in service already is HTTP 409,
 * ErrorCode.nothingToPublish.
 */
export const ConfigErrorResponse = Type.Object(
  {
    errors: Type.Record(Type.String(), Type.Array(Type.Integer())),
    savedBy: Type.Optional(Type.String()),
    savedAt: Type.Optional(Type.String({ description: 'ISO 8601 date and time.' })),
    etag: Type.Optional(Type.Integer()),
    report: Type.Optional(Report),
    problems: Type.Optional(Type.Array(Problem)),
  },
  {
    description: `A refusal: \`errors.$common\` holds ${ErrorCode.draftNotFound} or ${ErrorCode.revisionNotFound} (404), ${ErrorCode.draftExists} (409, a draft exists), ${ErrorCode.configChangeRefused} (409, publish or roll back refused by the compatibility report, with \`report\`), ${ErrorCode.nothingToPublish} (409, publish or roll back in place of a configuration that means the same as the revision in service: nothing to publish) or ${ErrorCode.draftChangedMeanwhile} (412, with \`savedBy\`, \`savedAt\`, \`etag\`); a configuration failing the QA check is 400 with \`problems\`.`,
  },
);
