/** /messages?conversation=<id> opens one conversation; ?child=<id> opens that child's classroom. Tiny: the router loads it up front. */
export interface MessagesSearch {
  conversation?: number;
  child?: number;
}

const positiveId = (value: unknown) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

export const messagesSearch = (search: Record<string, unknown>): MessagesSearch => ({
  conversation: positiveId(search.conversation),
  child: positiveId(search.child),
});
