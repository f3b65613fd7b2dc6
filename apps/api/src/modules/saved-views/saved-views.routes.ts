import {
  createSavedViewBody,
  errorBody,
  idParam,
  listResponse,
  SAVED_VIEW_LISTS,
  savedViewItem,
  savedViewQuery,
  serverMessage,
  updateSavedViewBody,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './saved-views.service.js';

const sponsorQuery = z.strictObject({ sponsorId: savedViewQuery.shape.sponsorId });
const params = z.object({ id: idParam });
// Any administrator of the portal keeps views of its lists; sharing is checked in the service (decision 0047).
const config = { sponsor: 'required' } as const;
const tags = ['saved-views'];

/** Saved views of the list kit's lists (issue 35 part 4): a person's own and the portal's shared ones. */
export const savedViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/saved-views',
    {
      config,
      schema: {
        summary: `The views of a list I see in the portal: its shared ones and mine (lists: ${SAVED_VIEW_LISTS.join(', ')})`,
        tags,
        querystring: savedViewQuery,
        response: { 200: listResponse(savedViewItem), 400: errorBody },
      },
    },
    async (request) => service.list(request.ctx, request.query.list),
  );

  app.post(
    '/api/v1/saved-views',
    {
      config,
      schema: {
        summary: "Save a list's search, filters, sort and columns under a name, mine or shared with the portal",
        tags,
        querystring: savedViewQuery,
        body: createSavedViewBody,
        response: { 201: savedViewItem, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.query.list, request.body)),
  );

  app.put(
    '/api/v1/saved-views/:id',
    {
      config,
      schema: {
        summary: 'Rename a view, replace what it holds, share it or not, or make it my default',
        tags,
        params,
        querystring: sponsorQuery,
        body: updateSavedViewBody,
        response: { 200: savedViewItem, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.update(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/saved-views/:id',
    {
      config,
      schema: {
        summary: 'Delete a view',
        tags,
        params,
        querystring: sponsorQuery,
        response: { 200: serverMessage, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.remove(request.ctx, request.params.id),
  );
};
