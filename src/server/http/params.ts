import { z } from 'zod';
import { pathId } from '@/shared/text';

export { isUuid } from '@/shared/text';

/**
 * `:id` in a path, lowercased where it is parsed (one spelling per id from here on: an upper-case
 * own id once slipped past the delete-yourself check). A malformed id cannot name anything: the
 * handler answers 404 for it (`isUuid`), like an id of another company.
 */
export const idParams = z.object({
  id: pathId.meta({ description: 'The id (a UUID)', example: '3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f' }),
});
