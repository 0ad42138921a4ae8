/** Staff queries, bench feedback and the specimen log (/api/kmct), through the contract declarations. */
import type { BodyOf, DataOf } from '@trialab/api-contract';
import type { Contract } from './contract';
import { callEndpoint } from './endpoint';

type B<E> = BodyOf<E>;
export type FeedbackRow = DataOf<Contract['labFeedback']['labPaging']>[number];

export const labQueriesApi = {
  queryGet: (id: number) => callEndpoint((c) => c.labQuery.get, { params: { id } }),
  feedbackCreate: (body: B<Contract['labFeedback']['create']>) =>
    callEndpoint((c) => c.labFeedback.create, { body }),
  feedbackRespond: (id: number, version: number, response: string) =>
    callEndpoint((c) => c.labFeedback.respond, { params: { id }, body: { version, response } }),
  feedbackClose: (id: number, version: number) =>
    callEndpoint((c) => c.labFeedback.close, { params: { id }, body: { version } }),
};
