import { operation } from './operation';
import { contentErrorListQuerySchema, contentErrorListSchema } from './statistics';

// Notices under /backend/manager/notice (spec 000 §2): the items players reported they could not show.

export const noticeOperations = {
  contentErrors: operation({
    method: 'GET',
    path: '/backend/manager/notice/content-error',
    query: contentErrorListQuerySchema,
    response: contentErrorListSchema,
    access: 'notice:error-content-logs',
  }),
};
