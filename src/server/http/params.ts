import { z } from 'zod';

/** `:id` in a path. A malformed id cannot name anything: 404, like an id of another company. */
export const idParams = z.object({
  id: z.string().max(100).meta({ description: 'The id (a UUID)', example: '3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f' }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
