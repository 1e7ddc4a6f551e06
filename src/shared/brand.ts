/** The product's name, shown in top bars and headers (the spec leaves it open). */
export const PRODUCT_NAME = 'WorkSphere';
