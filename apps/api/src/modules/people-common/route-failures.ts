import { errorBody } from '@vault/contract';

/** The error answers every people route declares. */
export const failures = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
