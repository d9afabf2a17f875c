import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ArticleDto, ArticleSummaryDto, ChatTurn, ResourceDto, chatInput } from '../../../shared/schemas/assistant';
import type { Database } from '../../db/database';
import { notFound } from '../../errors';
import { createRateLimitStore } from '../../lib/rate-limit-store';
import {
  composeAnswer,
  composeCheckInAnswer,
  composeNotCoveredAnswer,
  composeOutOfScopeAnswer,
  pickPassages,
  splitArticle,
  type Passage,
} from './answer-composer';
import * as repo from './assistant.repository';
import { LlmError, type LlmMessage, type LlmProvider } from './llm-provider';
import { candidateWords, normaliseQuestion, separateAges, synonymHints } from './question-text';
import { findSupportGroup } from './support-groups';
import { irregularLemmas } from './word-lemmas';
import { type SafetyNet, triage } from './triage';

export const CHAT_RATE_LIMIT = { policy: 'assistant-chat', limit: 20, windowSeconds: 60 };

/**
 * Scores come from assistant.repository searchArticles (BM25F). These bounds were first read off
 * the tuning questions (best score 5.5 at the lowest, 9.4 at the 5th percentile) and off-topic
 * questions ('who won the world cup' 6.3 at the highest). In round 6 a word's rarity came to be
 * counted only among the articles it is salient in, which raised the best scores of all 931
 * tuning questions by a median factor of 1.48 (1.57 at the 5th percentile; now 8.3 at the lowest,
 * 13.0 at the 5th percentile) and of 14 off-topic questions to 12.6 at the highest ('how do I
 * learn python programming', was 7.5), so every bound was scaled by 1.5.
 */
const CONFIDENT_SCORE = 10.5;
/** A match this strong is on topic even when the question names no child ('pincer grip activities'). */
const ON_TOPIC_SCORE = 15;
/** Between this and CONFIDENT_SCORE, the best article is offered with a hedge rather than quoted. */
const SUGGESTION_SCORE = 9.75;
/** Other articles are offered when they score at least this share of the best one. */
const RELATED_SHARE = 0.5;
const MAX_RESOURCES = 3;
const PASSAGES_PER_ANSWER = 2;
/** A follow-up this short ('what about at night?') is read together with the previous question. */
const FOLLOW_UP_MAX_WORDS = 6;
const LLM_HISTORY_TURNS = 6;

const PARENTING_WORDS =
  /\b(?:bab(?:y|ies|ys)|toddlers?|child(?:ren|s)?|kids?|kiddos?|sons?|daughters?|boys?|girls?|lo|dd|ds|infants?|newborns?|preschoolers?|twins?|siblings?|brothers?|sisters?|famil(?:y|ies)|parent\w*|mum\w*|mom\w*|dad\w*|nurser(?:y|ies)|daycare|pre-?school|creche|childminder|school|teachers?|pregnan\w*|birth|breastfe\w*|formula|napp(?:y|ies)|diapers?|potty|tantrums?|meltdowns?|teeth|teething|weaning|bedtime|naps?|\d+ (?:year|month|week|day) old)\b/;

export const SYSTEM_PROMPT = [
  "You are Nestling's parenting assistant, helping parents of babies and young children, including children with special needs.",
  'Answer only from the reference passages you are given. If they do not answer the question, say so briefly and suggest talking to a paediatrician or health visitor.',
  'Never diagnose a child or a parent, and never say or imply that a child has a condition.',
  'Never give medicine doses, amounts or schedules; for any question about a dose, tell the parent to ask a doctor or pharmacist.',
  'If anything suggests a child or parent may be in danger, tell them first to call their local emergency number now (911 / 999 / 112).',
  'Be warm, practical and brief: under 180 words, plain language, short paragraphs or a few bullet points, no links.',
  'End with when to talk to a paediatrician, taken from the passages.',
].join('\n');

/** Doses in an answer mean the model ignored its instructions; the built-in answer is used instead. */
const DOSE_IN_ANSWER = /\b\d+(?:\.\d+)?\s*(?:mg|ml|mls|milligrams?|millilitres?|milliliters?|teaspoons?|tsp)\b/i;

export interface ChatCaller {
  userId?: number;
  ip: string;
}

export interface ChatResult {
  answer: string;
  resources: ResourceDto[];
  urgent: boolean;
  engine: 'triage' | 'built-in' | 'llm';
  /** Why the language model's answer was not used, when it was tried. */
  llmFailure?: string;
}

type ArticleRow = NonNullable<Awaited<ReturnType<typeof repo.findArticleBySlug>>>;

const articleUrl = (slug: string) => `/articles/${slug}`;

function toArticleSummaryDto(row: Omit<ArticleRow, 'body'>): ArticleSummaryDto {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.summary,
    category: row.category,
    tags: row.tags,
    ageMinMonths: row.age_min_months,
    ageMaxMonths: row.age_max_months,
    author: row.author,
    date: row.published_on,
    url: articleUrl(row.slug),
  };
}

function lastUserTurn(history: ChatTurn[] | undefined): string | undefined {
  return history?.filter((turn) => turn.role === 'user' && turn.content !== '').at(-1)?.content;
}

export function createAssistantService(deps: {
  db: Kysely<Database>;
  llm?: LlmProvider;
  now?: () => Date;
  /** The triage's safety net; tests widen it to see a check-in beside an answer. */
  safetyNet?: SafetyNet;
}) {
  const { db, llm, safetyNet } = deps;
  const now = deps.now ?? (() => new Date());
  const rateLimits = createRateLimitStore({ db, now });

  function throttle(caller: ChatCaller) {
    const key = caller.userId !== undefined ? `assistant:user:${caller.userId}` : `assistant:ip:${caller.ip}`;
    return rateLimits.throttle(key, CHAT_RATE_LIMIT, `You can send up to ${CHAT_RATE_LIMIT.limit} messages a minute.`);
  }

  /** The question as the search sees it: shorthand spelt out and misspellings corrected, with synonyms and irregular words' dictionary forms as hints. */
  async function searchQuery(question: string): Promise<repo.SearchQuery> {
    const normalised = normaliseQuestion(question);
    const [corrections, synonyms] = await Promise.all([repo.spellingCorrections(db, candidateWords(normalised)), repo.listSynonyms(db)]);
    const words = [normalised, ...corrections.values()].join(' ');
    const { topic, ages } = separateAges(words);
    // The dictionary forms the stemmer misses ('bitten' → 'bite') are hints like the synonyms: the parent wrote the word, not that form.
    return { words: topic, hints: `${synonymHints(words, synonyms)} ${irregularLemmas(topic)} ${ages}`.trim() };
  }

  async function findArticles(question: string, limit: number) {
    const query = await searchQuery(question);
    return { text: `${query.words} ${query.hints}`.trim(), matches: await repo.searchArticles(db, query, limit) };
  }

  /**
   * A follow-up ('what about at night?') is searched together with the previous question and
   * on its own. What the follow-up alone points to counts as much as the best match of the
   * two together, so the new words steer within the old topic.
   */
  async function findArticlesForFollowUp(previous: string, message: string, limit: number) {
    const [together, alone] = await Promise.all([findArticles(`${previous} ${message}`, limit * 2), findArticles(message, limit * 2)]);
    const togetherTop = together.matches[0]?.score ?? 0;
    const aloneTop = alone.matches[0]?.score ?? 0;
    const aloneShare = new Map(alone.matches.map((m) => [m.slug, aloneTop > 0 ? m.score / aloneTop : 0]));
    const matches = together.matches
      .map((m) => ({ ...m, score: m.score + togetherTop * (aloneShare.get(m.slug) ?? 0) }))
      .sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug))
      .slice(0, limit);
    return { text: together.text, matches };
  }

  async function relatedArticleResources(slugs: string[]): Promise<ResourceDto[]> {
    const rows = await repo.findArticlesBySlugs(db, slugs);
    return slugs.flatMap((slug) => {
      const row = rows.find((r) => r.slug === slug);
      return row ? [{ title: row.title, icon: 'article' as const, url: articleUrl(row.slug) }] : [];
    });
  }

  async function askLlm(provider: LlmProvider, question: string, history: ChatTurn[] | undefined, grounding: { title: string; passages: Passage[]; whenToGetHelp: string | null }[]) {
    const reference = grounding
      .map((article, index) =>
        [`[${index + 1}] ${article.title}`, ...article.passages.map((p) => p.text), article.whenToGetHelp ?? ''].filter(Boolean).join('\n'),
      )
      .join('\n\n');
    const messages: LlmMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'system', content: `Reference passages from Nestling's articles:\n\n${reference}` },
      ...(history ?? [])
        .filter((turn) => turn.content !== '')
        .slice(-LLM_HISTORY_TURNS)
        .map((turn): LlmMessage => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: question },
    ];
    const answer = await provider.complete(messages);
    if (DOSE_IN_ANSWER.test(answer)) throw new LlmError('The language model answered with a medicine amount, so its answer was not used.');
    return answer;
  }

  /** The answer to a message the triage let through: from the articles, by the built-in engine or the language model. */
  async function answerQuestion(message: string, history: ChatTurn[] | undefined): Promise<ChatResult> {
    const previous = lastUserTurn(history);
    const isFollowUp = previous !== undefined && message.split(/\s+/).length <= FOLLOW_UP_MAX_WORDS;
    const question = isFollowUp ? `${previous} ${message}` : message;
    const { text, matches } = isFollowUp ? await findArticlesForFollowUp(previous, message, 5) : await findArticles(message, 5);
    const best = matches[0];
    const onTopic = PARENTING_WORDS.test(normaliseQuestion(question)) || (best?.score ?? 0) >= ON_TOPIC_SCORE;
    if (!best || !onTopic) return { answer: composeOutOfScopeAnswer(), resources: [], urgent: false, engine: 'built-in' };

    if (best.score < CONFIDENT_SCORE) {
      const suggestions = matches.filter((m) => m.score >= SUGGESTION_SCORE).slice(0, 2);
      return {
        answer: composeNotCoveredAnswer(suggestions[0]),
        resources: suggestions.map((m) => ({ title: m.title, icon: 'article', url: articleUrl(m.slug) })),
        urgent: false,
        engine: 'built-in',
      };
    }

    const group = findSupportGroup(`${text} ${best.title} ${best.category} ${best.tags.join(' ')}`, await repo.listSupportGroupTags(db));
    const articles = matches.filter((m) => m === best || m.score >= best.score * RELATED_SHARE).slice(0, group ? MAX_RESOURCES - 1 : MAX_RESOURCES);
    const resources: ResourceDto[] = articles.map((m) => ({ title: m.title, icon: 'article', url: articleUrl(m.slug) }));
    if (group) resources.push({ title: group.name, icon: 'group', url: group.url });

    const grounding = await Promise.all(
      articles.slice(0, 2).map(async (article) => {
        const { passages, whenToGetHelp } = splitArticle(article.body);
        const ranks = await repo.rankPassages(
          db,
          passages.map((p) => `${p.heading ?? ''} ${p.text}`),
          text,
        );
        return { title: article.title, passages: pickPassages(passages, ranks, PASSAGES_PER_ANSWER), whenToGetHelp };
      }),
    );
    const builtIn = composeAnswer(best, grounding[0]!.passages, grounding[0]!.whenToGetHelp);

    if (!llm) return { answer: builtIn, resources, urgent: false, engine: 'built-in' };
    try {
      return { answer: await askLlm(llm, message, history, grounding), resources, urgent: false, engine: 'llm' };
    } catch (error) {
      const llmFailure = error instanceof Error ? error.message : String(error);
      return { answer: builtIn, resources, urgent: false, engine: 'built-in', llmFailure };
    }
  }

  return {
    findArticles,

    async chat(input: z.output<typeof chatInput>, caller: ChatCaller): Promise<ChatResult> {
      await throttle(caller);
      const { message, history } = input;

      // Safety first, whichever engine would answer.
      const urgent = triage(message, safetyNet);
      if (urgent?.level === 'check-in') {
        // The safety net found doubt, not an emergency: the check-in first, then the answer the
        // parent asked for. A message no article covers gets the check-in alone.
        const answered = await answerQuestion(message, history);
        if (answered.resources.length > 0) return { ...answered, answer: composeCheckInAnswer(urgent.answer, answered.answer), urgent: true };
      }
      if (urgent) {
        return {
          answer: urgent.answer,
          resources: await relatedArticleResources(urgent.relatedSlugs),
          urgent: urgent.level !== 'referral',
          engine: 'triage',
        };
      }
      return answerQuestion(message, history);
    },

    async listArticles(): Promise<ArticleSummaryDto[]> {
      return (await repo.listArticles(db)).map(toArticleSummaryDto);
    },

    async getArticle(slug: string): Promise<ArticleDto> {
      const row = await repo.findArticleBySlug(db, slug);
      if (!row) throw notFound(`The article '${slug}'`);
      return { ...toArticleSummaryDto(row), body: row.body };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
