import type { FastifyInstance } from 'fastify';
import { Headers } from '../../schemas/validation';
import { requestProject, withRequestProject, type RequestProject } from '../infra/request-project';

/** A Config-Revision header as sent: a revision number, malformed, or absent (reads never use it). */
function sentRevisionOf(method: string, header: unknown): RequestProject['sentRevision'] {
  if (method === 'GET' || method === 'HEAD' || header === undefined) return undefined;
  return typeof header === 'string' && /^[1-9][0-9]{0,8}$/.test(header) ? Number(header) : 'malformed';
}

/** The Made-At header as a time, when it reads as one (malformed ones are refused by the write's route). */
function madeAtOfHeader(header: unknown): Date | undefined {
  const at = typeof header === 'string' ? new Date(header) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/**
 * Configuration revisions on the wire. A write's `Config-Revision` header (the revision the phone's
 * form was drawn from) is kept for the request (infra/request-project.ts) and honoured where the
 * write's project is read (services/projects.ts `projectAsSent`); every API answer about a project
 * carries `project-revision: <n>`, the revision in service of the project version the request
 * concerned, so a phone with a form open learns of a publish on its next request.
 */
export function installProjectRevision(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    withRequestProject(
      {
        sentRevision: sentRevisionOf(request.method, request.headers[Headers.configRevision]),
        madeAt: madeAtOfHeader(request.headers[Headers.madeAt]),
      },
      done,
    );
  });
  app.addHook('onSend', async (_request, reply) => {
    const project = requestProject()?.project;
    if (project) reply.header(Headers.projectRevision, String(project.revision));
  });
}
