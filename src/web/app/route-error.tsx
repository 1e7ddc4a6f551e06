import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error screen: something threw while rendering or loading a route. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 rounded-md bg-red-50 p-4 font-mono text-sm text-red-900">{message}</p>
      <a href="/" className="mt-6 inline-block text-primary underline">
        Return to Home
      </a>
    </main>
  );
}
