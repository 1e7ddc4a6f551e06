import { Link } from 'react-router';

/** Placeholder until this page is built. */
export function EntitiesPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-bold">Entity Management</h1>
      <p className="mt-2 text-muted-foreground">This page is being built.</p>
      <Link to="/products" className="mt-4 inline-block text-primary underline">
        Back to Products
      </Link>
    </main>
  );
}
