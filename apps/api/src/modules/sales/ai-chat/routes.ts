import { aiTextRequestSchema, aiTextResponseSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';

/** Up to 500 procedures with descriptions: more than the default 1 MB body. */
const CHAT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
import { withClientAbort } from '../ai/abort.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { aiChatService } from './service.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';

/** SPEC section 7: POST /ai/ai/text, the assistant's chat. Any signed-in user (DESIGN 5). */
export const aiChatRoutes: ModuleRoutes = (app, { db, config }) => {
  app.post(
    '/ai/ai/text',
    {
      config: { access: 'user', ...perUserRateLimit('ai') },
      bodyLimit: CHAT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['ai-chat'],
        body: aiTextRequestSchema,
        response: { 200: aiTextResponseSchema, ...errorResponses, 429: errorBody },
      },
    },
    (request, reply) =>
      withClientAbort(request, reply, (signal) =>
        aiChatService.text(
          { db, config, log: request.log },
          currentUser(request),
          request.body,
          signal,
        ),
      ),
  );
};
