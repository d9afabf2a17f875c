import { generateOpenApiDocument } from 'trpc-to-openapi';
import { SESSION_COOKIE } from '../features/auth/session-cookie';
import { communityImagePaths } from '../features/community/community.images-route';
import { appRouter } from './router';

export function buildOpenApiDocument(publicOrigin: string) {
  return generateOpenApiDocument(appRouter, {
    title: 'Nestling API',
    description:
      'REST access to Nestling. Sign in from a browser (session cookie) or send a personal API token as ' +
      '`Authorization: Bearer nst_…`. Errors are JSON with a human-readable `message`.',
    version: '1.0.0',
    openApiVersion: '3.1.0',
    baseUrl: `${publicOrigin}/api`,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (nst_…) created in your profile.' },
    },
    // Routes that take or give raw bytes are plain routes, so they are described here by hand.
    paths: communityImagePaths,
  });
}
