// What other modules may use of the products module: the lock every product change takes first,
// the products an entity holds, and ending a product's access at entities (entity edit).
export { endProductAtEntities, entityProducts, lockCompanyProducts } from './access';
