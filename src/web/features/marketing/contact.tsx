import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import type { ContactIntent, ContactRequest } from './contact-request';

export const ContactContext = createContext<(request: ContactRequest) => void>(() => {});

/** Opens the contact dialog from anywhere inside a marketing page. */
export const useContact = () => useContext(ContactContext);

// The dialog (Radix focus trap, scroll lock) loads on first use: it is not part of the first paint.
const ContactDialog = lazy(() => import('./contact-dialog').then((m) => ({ default: m.ContactDialog })));

export function ContactProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ContactRequest>({ intent: 'demo' });
  const [open, setOpen] = useState(false);
  // Bumped at every opening: a fresh form each time, pre-filled from the request.
  const [openings, setOpenings] = useState(0);
  // The buttons that open the dialog are not Radix triggers: give focus back ourselves on close.
  const opener = useRef<HTMLElement | null>(null);

  const openContact = useCallback((next: ContactRequest) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRequest(next);
    setOpenings((n) => n + 1);
    setOpen(true);
  }, []);

  return (
    <ContactContext value={openContact}>
      {children}
      {openings > 0 ? (
        <Suspense fallback={null}>
          <ContactDialog
            key={openings}
            open={open}
            onOpenChange={setOpen}
            request={request}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </ContactContext>
  );
}

/** A button that opens the contact dialog. */
export function ContactButton({
  intent,
  message,
  ...props
}: Omit<ComponentProps<typeof Button>, 'onClick'> & { intent: ContactIntent; message?: string }) {
  const contact = useContact();
  return <Button aria-haspopup="dialog" onClick={() => contact({ intent, message })} {...props} />;
}
