/** A native <select> styled as the design system's inputs (module filters and dialogs). */
export const nativeSelect =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50';
