// The assistant chat's limits, apart from its schemas so the web client can show them without
// bundling Zod.
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_HISTORY_MAX_TURNS = 20;
