/** Main service (/api/kmct): projects and the business areas; pages add their calls here. */
import { callEndpoint } from './endpoint';

export const mainApi = {
  projectPage: (body: { page: number; size: number; projectNo?: string }) =>
    callEndpoint((c) => c.project.page, { body }),
  projectGet: (id: number) => callEndpoint((c) => c.project.get, { params: { id } }),
};
