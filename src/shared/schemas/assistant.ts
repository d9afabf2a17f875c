import { z } from 'zod';

import { CHAT_HISTORY_MAX_TURNS, CHAT_MESSAGE_MAX_LENGTH } from '../chat-limits';
import { text } from './common';

export { CHAT_HISTORY_MAX_TURNS, CHAT_MESSAGE_MAX_LENGTH };

const messageText = text('Please type a message.')
  .trim()
  .min(1, 'Please type a message.')
  .max(CHAT_MESSAGE_MAX_LENGTH, `A message has at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`);

export const chatTurn = z.strictObject({
  role: z.enum(['user', 'assistant'], "A history turn's role is 'user' or 'assistant'."),
  content: text()
    .trim()
    .max(CHAT_MESSAGE_MAX_LENGTH * 4, 'A history turn has at most 8,000 characters.'),
});
export type ChatTurn = z.infer<typeof chatTurn>;

export const chatInput = z.strictObject({
  message: messageText,
  /** The conversation so far, oldest first; only the last few turns are used. */
  history: z.array(chatTurn).max(CHAT_HISTORY_MAX_TURNS, `Send at most the last ${CHAT_HISTORY_MAX_TURNS} turns of history.`).optional(),
});
export type ChatInput = z.infer<typeof chatInput>;

export const resourceOutput = z.object({
  title: z.string(),
  icon: z.enum(['article', 'group']),
  /** An in-app path: /articles/<slug> or /community?group=<slug>. */
  url: z.string(),
});
export type ResourceDto = z.infer<typeof resourceOutput>;

export const chatOutput = z.object({
  answer: z.string(),
  resources: z.array(resourceOutput).max(3),
  /** True when the message described an urgent situation and the answer is safety guidance. */
  urgent: z.boolean(),
});
export type ChatOutput = z.infer<typeof chatOutput>;

export const articleSlug = text()
  .max(100, 'An article slug has at most 100 characters.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "An article slug is lowercase words joined by hyphens, such as 'picky-eating'.");

export const articleSummaryOutput = z.object({
  slug: z.string(),
  title: z.string(),
  /** A sentence or two saying what the article covers. */
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  ageMinMonths: z.number().int(),
  ageMaxMonths: z.number().int(),
  author: z.string(),
  /** yyyy-MM-dd */
  date: z.string(),
  /** The in-app page: /articles/<slug>. */
  url: z.string(),
});
export type ArticleSummaryDto = z.infer<typeof articleSummaryOutput>;

export const articleOutput = articleSummaryOutput.extend({
  /** The article text in Markdown (## headings, - bullet lists, paragraphs). */
  body: z.string(),
});
export type ArticleDto = z.infer<typeof articleOutput>;
