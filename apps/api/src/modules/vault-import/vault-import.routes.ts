import { errorBody, importConfirmBody, importJobParams, importPreview, importQuery, importResult } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvFile } from '../../lib/csv.js';
import * as service from './vault-import.service.js';

const tags = ['vaults'];
const failures = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody };

/** CSV import of vault holders (specification sections 4 and 7): preview, then confirm. */
export const vaultImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/users/import',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Upload a CSV of vault holders for preview',
        description:
          'multipart/form-data with one CSV file (columns: email, firstName, lastName, package required; middleName, organizationName, license, tag, entityType, testAccount, localize optional; header names are matched ignoring case, spaces and underscores). Every row is checked: e-mail shape, names, package assigned to the portal, duplicate in the file, holder already in the portal. Nothing is imported yet: the answer is the preview and its jobId. Over 10 MB → 413; not a CSV or more than 100,000 rows → 400.',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: importPreview, ...failures },
      },
    },
    async (request) => service.preview(request.ctx, await readCsvFile(request)),
  );

  app.post(
    '/api/v1/users/import-vault',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Confirm a previewed CSV import',
        description:
          'Imports the valid rows of the preview `jobId` in one transaction (all or nothing) and answers migrationStatus (Success, NothingToImport, AlreadyImported), importMessage and importedUsers. Confirming the same preview again imports nothing. With sendActivationEmail each new holder gets an activation e-mail.',
        querystring: importQuery,
        body: importConfirmBody,
        response: { 200: importResult, ...failures },
      },
    },
    async (request) => service.confirm(request.ctx, request.body),
  );

  app.get(
    '/api/v1/users/import/:jobId/errors',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Error report of a preview (CSV)',
        description: 'Every invalid row of the preview with its line number and reasons.',
        params: importJobParams,
        querystring: importQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text'), ...failures },
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await service.errorReport(request.ctx, request.params.jobId);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  );
};
