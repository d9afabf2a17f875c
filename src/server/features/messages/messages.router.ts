import { z } from 'zod';
import { PAGING_RULES } from '../../../shared/schemas/common';
import {
  MAX_MESSAGE_CHARS,
  conversationOutput,
  listMessagesInput,
  markReadInput,
  markReadOutput,
  messageOutput,
  messagePageOutput,
  openConversationInput,
  sendMessageInput,
} from '../../../shared/schemas/messages';
import { protectedProcedure, router } from '../../trpc/init';

const tags = ['messages'];
const WHO =
  "A family writes with each classroom its children are in, and that classroom's nursery staff with each such family; any other conversation answers 404.";

export const messagesRouter = router({
  conversations: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/conversations',
        tags,
        summary: 'Your conversations with the classroom (staff: with families)',
        description:
          `One per family and classroom, each with the children it is about, its newest message, how many messages from the other side you have not read, ` +
          `and how far the other side has read yours. ${WHO} Live on /ws: join conversation:inbox for every conversation, or conversation:<id> for one ` +
          '(with who is typing).',
      },
    })
    .input(z.strictObject({}).optional())
    .output(z.array(conversationOutput))
    .query(({ ctx }) => ctx.services.messages.listConversations(ctx.user)),

  openConversation: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/conversations',
        tags,
        summary: 'The conversation with one classroom (staff: one family), opened if new',
        description: `A parent gives the classroom of one of their children; staff give the classroom and the family. Answers the conversation as GET /conversations lists it. ${WHO}`,
        errorResponses: { 400: 'A field is not valid; errors names it', 401: 'Not signed in', 403: 'Not an adult of a family or nursery staff', 404: 'No such classroom or family for you' },
      },
    })
    .input(openConversationInput)
    .output(conversationOutput)
    .mutation(({ ctx, input }) => ctx.services.messages.openConversation(ctx.user, input)),

  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/conversations/{id}/messages',
        tags,
        summary: "A conversation's messages, newest first",
        description: `${WHO} ${PAGING_RULES}`,
        errorResponses: { 400: 'A bad limit or cursor; errors names it', 401: 'Not signed in', 404: 'Not a conversation of yours' },
      },
    })
    .input(listMessagesInput)
    .output(messagePageOutput)
    .query(({ ctx, input }) => ctx.services.messages.listMessages(ctx.user, input)),

  send: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/conversations/{id}/messages',
        tags,
        summary: 'Send a message',
        description:
          `Text of up to ${MAX_MESSAGE_CHARS} characters, a photo (upload it first with POST /community/images and give its id as photoId; only ` +
          'this family and the nursery\'s staff can open it), or both. Give each new message a clientId of your own: sending again with the same ' +
          'clientId stores nothing new and answers the message stored the first time, so a send that timed out can be retried safely. ' +
          `A message from staff notifies the family's adults. ${WHO}`,
        successDescription: 'Sent: answers 201 with the message (the first one, when clientId was used before).',
        errorResponses: { 400: 'A field is not valid; errors names it', 401: 'Not signed in', 404: 'Not a conversation of yours, or not a photo you uploaded' },
      },
      successStatus: 201,
    })
    .input(sendMessageInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => ctx.services.messages.sendMessage(ctx.user, input)),

  markRead: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/conversations/{id}/read',
        tags,
        summary: 'Mark a conversation read',
        description:
          'Up to upToMessageId, or the newest message when it is left out; a marker never moves back. The other side sees "Seen" on what you have read. ' +
          `Answers how far you have read and how many messages are still unread. ${WHO}`,
        errorResponses: { 400: 'A field is not valid; errors names it', 401: 'Not signed in', 404: 'Not a conversation of yours' },
      },
    })
    .input(markReadInput)
    .output(markReadOutput)
    .mutation(({ ctx, input }) => ctx.services.messages.markRead(ctx.user, input)),
});
