/** A problem with a dialog's form, said inside the dialog: a modal hides the toasts from screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {message}
    </p>
  );
}
