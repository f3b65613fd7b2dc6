import { errorBody, FIRST_SCREEN_COOKIE, forgotPasswordBody, loginBody, loginResult, sessionUser, setPasswordBody } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSession, setXsrfCookie } from '../../plugins/auth.js';
import { PUBLIC_BODY_LIMIT } from '../../plugins/json-body.js';
import * as service from './auth.service.js';

const ok = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/authentication/login',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Sign in with e-mail and password',
        tags: ['authentication'],
        security: [],
        body: loginBody,
        response: { 200: loginResult, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const result = await service.login(app.db, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (!('tokenHash' in result)) return result;
      return answerSession(request, reply, result);
    },
  );

  app.post(
    '/api/v1/authentication/logout',
    { schema: { summary: 'Sign out and end this session', tags: ['authentication'], response: { 200: ok } } },
    async (request, reply) => {
      await service.logout(app.db, request.user!, request.actor);
      setXsrfCookie(request, reply, null);
      // The portal removes it too; a page that failed to must not keep drawing this session's rows.
      reply.clearCookie(FIRST_SCREEN_COOKIE, { path: '/' });
      return { message: 'You are signed out.' };
    },
  );

  app.get(
    '/api/v1/authentication/me',
    { schema: { summary: 'The signed-in user', tags: ['authentication'], response: { 200: z.object({ user: sessionUser }) } } },
    async (request) => {
      const { sessionId: _omit, mfaEnrollmentRequired: _policy, ...user } = request.user!;
      return { user };
    },
  );

  app.post(
    '/api/v1/authentication/password',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Set a password with an activation or reset link',
        tags: ['authentication'],
        security: [],
        body: setPasswordBody,
        response: { 200: ok, 400: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      await service.setPasswordFromLink(app.db, request.body, request.ip);
      return { message: 'Your password is set. You can sign in now.' };
    },
  );

  app.post(
    '/api/v1/authentication/forgot-password',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { auth: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        summary: 'E-mail a password reset link',
        tags: ['authentication'],
        security: [],
        body: forgotPasswordBody,
        response: { 202: ok },
      },
    },
    async (request, reply) => {
      // Looked up and mailed after the answer: a known address answers as fast as an unknown one,
      // so the timing tells nobody which addresses have accounts (issue 30, defect 6).
      const { email } = request.body;
      app.afterAnswer(request.log, 'password reset request', () =>
        service.requestPasswordReset(app.db, email, app.config.publicUrl, request.ip),
      );
      return reply
        .status(202)
        .send({ message: 'If this address belongs to an administrator, a link to choose a new password is on its way.' });
    },
  );
};
