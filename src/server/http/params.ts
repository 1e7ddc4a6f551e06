import { z } from 'zod';

/** `:id` in a path. A malformed id cannot name anything: 404, like an id of another company. */
export const idParams = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
