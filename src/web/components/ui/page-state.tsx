/** A full-page state line (loading, access denied), announced to screen readers. */
export function PageState({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center p-6 text-center text-muted-foreground">
      {children}
    </div>
  );
}
