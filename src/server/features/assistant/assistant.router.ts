import { z } from 'zod';
import { articleOutput, articleSlug, articleSummaryOutput, chatInput, chatOutput } from '../../../shared/schemas/assistant';
import { publicProcedure, router } from '../../trpc/init';

export const assistantRouter = router({
  chat: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/assistant/chat',
        tags: ['assistant'],
        protect: false,
        summary: 'Ask the parenting assistant',
        description:
          'Answers from Nestling\'s knowledge base, with up to 3 resources (articles and a support group). Urgent situations get ' +
          'safety guidance first. Messages are 1 to 2,000 characters; up to 20 messages a minute per user or IP address. ' +
          'Send the last few turns as `history` so that follow-ups such as "what about at night?" are understood.',
      },
    })
    .input(chatInput)
    .output(chatOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.assistant.chat(input, { userId: ctx.user?.id, ip: ctx.ip });
      if (result.llmFailure) ctx.request?.log.warn({ reason: result.llmFailure }, 'assistant language model failed; used the built-in answer');
      return { answer: result.answer, resources: result.resources, urgent: result.urgent };
    }),
});

export const articlesRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/articles', tags: ['articles'], protect: false, summary: 'Knowledge-base articles, by category then title', description: 'The parenting assistant\'s articles without their text, by category then title.' } })
    .input(z.strictObject({}).optional())
    .output(z.array(articleSummaryOutput))
    .query(({ ctx }) => ctx.services.assistant.listArticles()),

  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/articles/{slug}', tags: ['articles'], protect: false, summary: 'One article, with its Markdown text', description: 'An article with its body as Markdown; render it as Markdown, not HTML. An unknown slug answers 404.' } })
    .input(z.strictObject({ slug: articleSlug }))
    .output(articleOutput)
    .query(({ ctx, input }) => ctx.services.assistant.getArticle(input.slug)),
});
