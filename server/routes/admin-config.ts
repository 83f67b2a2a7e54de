import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, OkResponse } from '../../schemas/common';
import {
  CONFIG_BODY_LIMIT_BYTES,
  ConfigErrorResponse,
  ConfigHistoryResponse,
  ConfigParams,
  DiffQuery,
  DraftResponse,
  LanguageQuery,
  OpenDraftBody,
  PublishBody,
  PublishedResponse,
  ReportResponse,
  RevisionParams,
  RevisionResponse,
  RollbackBody,
  SaveDraftBody,
  TestEntriesResponse,
  TestEntryBody,
  TestEntryResponse,
} from '../../schemas/api/admin-config';
import type { ServerContext } from '../context';
import { requireAdmin } from '../plugins/admin-auth';
import {
  discardDraft,
  draftEtag,
  draftReport,
  getDraft,
  ifMatchOf,
  openDraft,
  publishDraft,
  rollBack,
  saveDraft,
  testAgainstDraft,
  testEntries,
} from '../services/config-drafts';
import { configHistory, diffRevisions, revisionDetail } from '../services/config-history';

const errors = { '4xx': ConfigErrorResponse, '5xx': ErrorResponse };
const BASE = '/admin/config/:code/:version';

/**
 * Configuration drafts, revisions, publish, roll back, diff and test entries of one project
 * version. Every route calls requireAdmin with the project's code first (403 to staff, to admins of
 * other enterprises or projects); every change is in the audit log.
 */
export const adminConfigRoutes: FastifyPluginAsyncTypebox<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get(
    BASE,
    { schema: { params: ConfigParams, response: { 200: ConfigHistoryResponse, ...errors } } },
    async (request) => {
      await requireAdmin(ctx, request, { projectCode: request.params.code });
      return { data: await configHistory(ctx, request.params) };
    },
  );

  app.get(
    `${BASE}/revisions/:revision`,
    { schema: { params: RevisionParams, response: { 200: RevisionResponse, ...errors } } },
    async (request) => {
      await requireAdmin(ctx, request, { projectCode: request.params.code });
      return { data: await revisionDetail(ctx, request.params, request.params.revision) };
    },
  );

  app.get(
    `${BASE}/diff`,
    { schema: { params: ConfigParams, querystring: DiffQuery, response: { 200: ReportResponse, ...errors } } },
    async (request) => {
      await requireAdmin(ctx, request, { projectCode: request.params.code });
      return {
        data: await diffRevisions(
          ctx,
          request.params,
          request.query.from,
          request.query.to,
          request.query.language ?? 'en',
        ),
      };
    },
  );

  app.post(
    `${BASE}/draft`,
    { schema: { params: ConfigParams, body: OpenDraftBody, response: { 200: DraftResponse, ...errors } } },
    async (request, reply) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.code });
      const draft = await openDraft(ctx, actor, request.params, request.body.fromRevision);
      void reply.header('etag', draftEtag(draft.etag));
      return { data: draft };
    },
  );

  app.get(
    `${BASE}/draft`,
    { schema: { params: ConfigParams, response: { 200: DraftResponse, ...errors } } },
    async (request, reply) => {
      await requireAdmin(ctx, request, { projectCode: request.params.code });
      const draft = await getDraft(ctx, request.params);
      void reply.header('etag', draftEtag(draft.etag));
      return { data: draft };
    },
  );

  app.put(
    `${BASE}/draft`,
    {
      bodyLimit: CONFIG_BODY_LIMIT_BYTES,
      schema: { params: ConfigParams, body: SaveDraftBody, response: { 200: DraftResponse, ...errors } },
    },
    async (request, reply) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.code });
      const draft = await saveDraft(
        ctx,
        actor,
        request.params,
        ifMatchOf(request.headers['if-match']),
        request.body.config,
      );
      void reply.header('etag', draftEtag(draft.etag));
      return { data: draft };
    },
  );

  app.delete(
    `${BASE}/draft`,
    { schema: { params: ConfigParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.code });
      await discardDraft(ctx, actor, request.params, ifMatchOf(request.headers['if-match']));
      return { data: true };
    },
  );

  app.get(
    `${BASE}/draft/report`,
    { schema: { params: ConfigParams, querystring: LanguageQuery, response: { 200: ReportResponse, ...errors } } },
    async (request) => {
      await requireAdmin(ctx, request, { projectCode: request.params.code });
      return { data: await draftReport(ctx, request.params, request.query.language ?? 'en') };
    },
  );

  app.post(
    `${BASE}/draft/tests`,
    { schema: { params: ConfigParams, body: TestEntryBody, response: { 200: TestEntryResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.code });
      return { data: await testAgainstDraft(ctx, actor, request.params, request.body) };
    },
  );

  app.get(
    `${BASE}/draft/tests`,
    { schema: { params: ConfigParams, response: { 200: TestEntriesResponse, ...errors } } },
    async (request) => {
      await requireAdmin(ctx, request, { projectCode: request.params.code });
      return { data: await testEntries(ctx, request.params) };
    },
  );

  app.post(
    `${BASE}/draft/publish`,
    { schema: { params: ConfigParams, body: PublishBody, response: { 200: PublishedResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.code });
      const { mode, note = '', migrations, language = 'en' } = request.body;
      return {
        data: await publishDraft(ctx, actor, request.params, ifMatchOf(request.headers['if-match']), {
          mode,
          note,
          migrations,
          language,
        }),
      };
    },
  );

  app.post(
    `${BASE}/rollback`,
    { schema: { params: ConfigParams, body: RollbackBody, response: { 200: PublishedResponse, ...errors } } },
    async (request) => {
      const actor = await requireAdmin(ctx, request, { projectCode: request.params.code });
      const { revision, mode, note = '', migrations, language = 'en' } = request.body;
      return { data: await rollBack(ctx, actor, request.params, revision, { mode, note, migrations, language }) };
    },
  );
};
