/**
 * A client for any server speaking the OpenAI chat-completions protocol
 * (POST {baseUrl}/chat/completions). It only ever throws LlmError, so callers have one
 * thing to catch before falling back to the built-in answer.
 */

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmProvider {
  complete(messages: LlmMessage[]): Promise<string>;
}

export class LlmError extends Error {
  override readonly name = 'LlmError';
}

export const DEFAULT_LLM_TIMEOUT_MS = 15_000;

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  /** Replaceable for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

export function createOpenAiCompatibleProvider(settings: LlmSettings): LlmProvider {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const fetchImpl = settings.fetch ?? fetch;

  return {
    async complete(messages) {
      let response: Response;
      let body: ChatCompletion;
      // One deadline covers connecting, waiting and reading the whole body.
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
          body: JSON.stringify({ model: settings.model, messages, temperature: 0.3, max_tokens: 500 }),
          signal,
        });
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new LlmError(`The language model answered HTTP ${response.status}.`);
        }
        body = (await response.json()) as ChatCompletion;
      } catch (error) {
        if (error instanceof LlmError) throw error;
        if (signal.aborted) throw new LlmError(`The language model did not answer within ${timeoutMs} ms.`, { cause: error });
        throw new LlmError('The language model could not be reached or sent something other than JSON.', { cause: error });
      }
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new LlmError('The language model sent no answer text.');
      return content.trim();
    },
  };
}
