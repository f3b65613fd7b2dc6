import {
  activePackage,
  assignPackageBody,
  basePackage,
  basePackageBody,
  basePackageIdParam,
  basePackageQuery,
  errorBody,
  listResponse,
  packageHolder,
  packageHoldersQuery,
  packageOption,
  packageSponsorIdParam,
  packagesFilterQuery,
  packagesQuery,
  repricePackageBody,
  serverMessage,
  sponsorPackageItem,
  sponsorPackageListQuery,
  unassignQuery,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './packages.service.js';

const tags = ['packages'];

/** Base packages (the catalogue, staff keep it) and active packages (assigned to a sponsor with a sale price). */
export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  // ----- base packages: everyone signed in may read the catalogue; only staff change it -----
  app.get(
    '/api/v1/basepackages',
    { schema: { summary: 'List base packages', tags, querystring: basePackageQuery, response: { 200: listResponse(basePackage) } } },
    async (request) => service.listBase(request.ctx, request.query),
  );

  app.get(
    '/api/v1/basepackages/:id',
    { schema: { summary: 'Read one base package', tags, params: basePackageIdParam, response: { 200: basePackage } } },
    async (request) => service.getBase(request.ctx, request.params.id),
  );

  app.post(
    '/api/v1/basepackages',
    {
      config: { staffOnly: true },
      schema: {
        summary: 'Create a base package (staff only)',
        tags,
        body: basePackageBody,
        response: { 201: basePackage, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createBase(request.ctx, request.body)),
  );

  app.put(
    '/api/v1/basepackages/:id',
    {
      config: { staffOnly: true },
      schema: {
        summary: 'Edit a base package (staff only)',
        tags,
        params: basePackageIdParam,
        body: basePackageBody,
        response: { 200: basePackage, 409: errorBody },
      },
    },
    async (request) => service.updateBase(request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/v1/basepackages/:id/retire',
    {
      config: { staffOnly: true },
      schema: { summary: 'Retire a base package (staff only)', tags, params: basePackageIdParam, response: { 200: basePackage } },
    },
    async (request) => service.setRetired(request.ctx, request.params.id, true),
  );

  app.post(
    '/api/v1/basepackages/:id/restore',
    {
      config: { staffOnly: true },
      schema: { summary: 'Restore a retired base package (staff only)', tags, params: basePackageIdParam, response: { 200: basePackage } },
    },
    async (request) => service.setRetired(request.ctx, request.params.id, false),
  );

  app.delete(
    '/api/v1/basepackages/:id',
    {
      config: { staffOnly: true },
      schema: {
        summary: 'Delete an unused base package (staff only)',
        tags,
        params: basePackageIdParam,
        response: { 200: serverMessage, 409: errorBody },
      },
    },
    async (request) => service.deleteBase(request.ctx, request.params.id),
  );

  // ----- active packages (specification section 7, "Packages") -----
  app.get(
    '/api/v1/packages',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: "List the sponsor's active packages",
        tags,
        querystring: packagesQuery,
        response: { 200: listResponse(activePackage) },
      },
    },
    async (request) => service.listActive(request.ctx, request.query),
  );

  app.get(
    '/api/v1/packages/filter',
    {
      config: { sponsor: 'required' },
      schema: {
        summary: "The sponsor's active packages as options",
        tags,
        querystring: packagesFilterQuery,
        response: { 200: listResponse(packageOption) },
      },
    },
    async (request) => service.options(request.ctx),
  );

  app.get(
    '/api/v1/sponsors/getSponsorPackageList',
    {
      schema: {
        summary: 'Base packages with their assignment to a sponsor',
        tags,
        querystring: sponsorPackageListQuery,
        response: { 200: listResponse(sponsorPackageItem) },
      },
    },
    async (request) => service.sponsorCatalogue(request.ctx, request.query),
  );

  app.post(
    '/api/v1/packagesponsor',
    {
      config: { sponsor: 'required', staffOnly: true },
      schema: {
        summary: 'Assign a base package to the sponsor with a sale price',
        tags,
        body: assignPackageBody,
        response: { 201: activePackage, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.assign(request.ctx, request.body)),
  );

  app.put(
    '/api/v1/packagesponsor',
    {
      config: { sponsor: 'required', staffOnly: true },
      schema: { summary: "Change an active package's sale price", tags, body: repricePackageBody, response: { 200: activePackage } },
    },
    async (request) => service.reprice(request.ctx, request.body),
  );

  app.delete(
    '/api/v1/packagesponsor/:id',
    {
      config: { staffOnly: true },
      schema: {
        summary: 'Unassign a package no vault uses',
        tags,
        params: packageSponsorIdParam,
        querystring: unassignQuery,
        response: { 200: serverMessage, 409: errorBody },
      },
    },
    async (request) => service.unassign(request.ctx, request.params.id),
  );

  app.get(
    '/api/v1/vaultholders/users',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: 'Vault holders of a package',
        querystring: packageHoldersQuery,
        response: { 200: listResponse(packageHolder) },
      },
    },
    async (request) => service.holders(request.ctx, request.query.packageId, request.query),
  );
};
