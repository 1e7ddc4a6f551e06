import { z } from 'zod';
import { product } from './product-schemas';
import { uuid } from './text';

export const COMPANY_PRODUCT_MESSAGES = {
  /** Sign-up asks for at least one product (spec §5); a company never goes below that afterwards. */
  lastProduct: 'Your company must keep at least one product.',
  notFound: 'Product not found',
  invalidProduct: 'Choose a product.',
  loadFailed: 'Failed to load products. Please try again.',
  addFailed: 'Failed to add the product. Please try again.',
  removeFailed: 'Failed to remove the product. Please try again.',
} as const;

/** Adds one product of the catalogue to the caller's company. */
export const companyProductInput = z
  .object({ productId: uuid(COMPANY_PRODUCT_MESSAGES.invalidProduct) })
  .strict()
  .meta({ id: 'CompanyProductInput', examples: [{ productId: 'c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e' }] });
export type CompanyProductInput = z.infer<typeof companyProductInput>;

/**
 * A product of the catalogue as the company has it: whether it holds it, and what removing it
 * would end (the entities that hold it and the users granted it at one of them).
 */
export const companyProduct = product
  .extend({
    held: z.boolean(),
    entityCount: z.number().int().nonnegative(),
    userCount: z.number().int().nonnegative(),
  })
  .meta({
    id: 'CompanyProduct',
    examples: [
      {
        id: 'c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e',
        name: 'CRM',
        type: 'crm',
        description: 'Customer relationship management',
        held: true,
        entityCount: 2,
        userCount: 5,
      },
    ],
  });
export type CompanyProduct = z.infer<typeof companyProduct>;

export const companyProductList = z.object({ items: z.array(companyProduct) });
export type CompanyProductList = z.infer<typeof companyProductList>;
