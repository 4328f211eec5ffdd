import { currentUser as currentUserSchema, forgotPasswordRequest, loginRequest, profileUpdate, refreshRequest, resetPasswordFinishRequest, tokenPair } from '../auth';
import { z } from 'zod';
import { envelope } from '../api';
import { defineRoutes } from '../route-table';

const empty = envelope(z.null());

/** /api/v1/auth and the module's paths outside it (apps/api/src/modules/auth). */
export const authRoutes = defineRoutes({
  refresh: {
    method: 'POST',
    path: '/api/v1/auth/refresh',
    tags: ['auth'],
    summary: 'Rotate the refresh token',
    access: 'public',
    body: refreshRequest,
    responses: { 200: envelope(tokenPair) },
    errors: ['TOO_MANY_REQUESTS', 'UNAUTHENTICATED'],
  },
  logout: {
    method: 'POST',
    path: '/api/v1/auth/logout',
    tags: ['auth'],
    summary: 'End the sign-in of a refresh token',
    access: 'public',
    body: refreshRequest,
    responses: { 200: empty },
    errors: [],
  },
  authenticate: {
    method: 'POST',
    path: '/api/v1/authenticate',
    tags: ['auth'],
    summary: 'Sign in',
    access: 'public',
    body: loginRequest,
    responses: { 200: envelope(tokenPair) },
    errors: ['TOO_MANY_REQUESTS', 'UNAUTHENTICATED'],
  },
  resetPasswordInit: {
    method: 'POST',
    path: '/api/v1/reset-password/init',
    tags: ['auth'],
    summary: 'Email a password-reset link (same answer for unknown addresses)',
    access: 'public',
    query: forgotPasswordRequest,
    responses: { 200: empty },
    errors: ['TOO_MANY_REQUESTS'],
  },
  resetPasswordFinish: {
    method: 'POST',
    path: '/api/v1/reset-password/finish',
    tags: ['auth'],
    summary: 'Set a new password with a reset token',
    access: 'public',
    body: resetPasswordFinishRequest,
    responses: { 200: empty },
    errors: ['TOO_MANY_REQUESTS', 'UNPROCESSABLE'],
  },
  me: {
    method: 'GET',
    path: '/api/v1/me',
    tags: ['auth'],
    summary: 'The signed-in user and their permissions',
    access: 'signed-in',
    responses: { 200: envelope(currentUserSchema) },
    errors: ['NOT_FOUND'],
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/v1/profile',
    tags: ['auth'],
    summary: "Update the signed-in user's name and phone (the version they were read at is required)",
    access: 'signed-in',
    body: profileUpdate,
    responses: { 200: envelope(currentUserSchema) },
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  },
});
