import {
  auditLegalHoldBody,
  auditRetention,
  auditRetentionBody,
  auditRetentionPolicy,
  auditRetentionPolicyBody,
  errorBody,
  sponsorCodeParam,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './retention.service.js';

const tags = ['audit'];

/** A portal's audit retention and legal hold, and the service-wide minimum (decision 0045). */
export const auditRetentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/sponsors/:sponsorCode/audit-retention',
    {
      config: { sponsor: 'required' },
      schema: {
        tags,
        summary: "The portal's audit retention period and legal hold",
        description: 'Staff, or an administrator of the portal. `canChangePeriod` and `canChangeHold` say what the caller may change.',
        params: sponsorCodeParam,
        response: { 200: auditRetention, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.getRetention(request.ctx),
  );

  app.put(
    '/api/v1/sponsors/:sponsorCode/audit-retention',
    {
      config: { sponsor: 'required', permission: 'hasManageAdminsAccess' },
      schema: {
        tags,
        summary: "Change the portal's audit retention period",
        description:
          "Staff, or an administrator of the portal with hasManageAdminsAccess. A period shorter than the service's minimum answers 400.",
        params: sponsorCodeParam,
        body: auditRetentionBody,
        response: { 200: auditRetention, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.putRetention(request.ctx, request.body),
  );

  app.put(
    '/api/v1/sponsors/:sponsorCode/audit-retention/hold',
    {
      config: { sponsor: 'required', staffOnly: true },
      schema: {
        tags,
        summary: 'Set or lift the legal hold on the portal’s audit entries',
        description: 'Staff only. While on hold, no month holding the portal’s entries is dropped. Setting a hold needs a reason.',
        params: sponsorCodeParam,
        body: auditLegalHoldBody,
        response: { 200: auditRetention, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.putLegalHold(request.ctx, request.body),
  );

  app.get(
    '/api/v1/audit/retention-policy',
    {
      config: { staffOnly: true },
      schema: {
        tags,
        summary: 'The service-wide minimum audit retention',
        description: 'Staff only.',
        response: { 200: auditRetentionPolicy, 403: errorBody },
      },
    },
    async () => service.getPolicy(app.db),
  );

  app.put(
    '/api/v1/audit/retention-policy',
    {
      config: { staffOnly: true },
      schema: {
        tags,
        summary: 'Change the service-wide minimum audit retention',
        description: 'Staff only. No portal keeps its entries for less; a portal that chose less now keeps them for the minimum.',
        body: auditRetentionPolicyBody,
        response: { 200: auditRetentionPolicy, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => service.putPolicy(request.ctx, request.body),
  );
};
