import type { LoginResponse, LoginResult } from '@vault/contract';
import { api, LOGIN_PATH, SECOND_FACTOR_PATH } from '../../lib/api';

export const login = (username: string, password: string) => api<LoginResult>('POST', LOGIN_PATH, { body: { username, password } });
export const verifySecondFactor = (challengeToken: string, code: string) =>
  api<LoginResponse>('POST', SECOND_FACTOR_PATH, { body: { challengeToken, code } });
export const logout = () => api<{ message: string }>('POST', '/api/v1/authentication/logout');
export const setPassword = (token: string, password: string) =>
  api<{ message: string }>('POST', '/api/v1/authentication/password', { body: { token, password } });
export const forgotPassword = (email: string) =>
  api<{ message: string }>('POST', '/api/v1/authentication/forgot-password', { body: { email } });
