// The frame of a module's form dialogs: the dialog (its form mounted only while open, so each
// opening starts afresh), and the form in it with its title, its own error, Cancel and submit.
import type { ComponentType, FormEvent, ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { toast } from '@/web/lib/toast';
import { FormError } from './form-fields';

/**
 * A dialog holding a form. `lg` (a record's form) scrolls within the window's height; `md` is a
 * short question such as a reason.
 */
export function FormDialog({
  open,
  onOpenChange,
  size = 'lg',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={size === 'lg' ? 'max-h-[90vh] overflow-y-auto sm:max-w-lg' : 'sm:max-w-md'}>{open ? children : null}</DialogContent>
    </Dialog>
  );
}

/**
 * The dialog of a form component: `formDialog(ClientForm)` takes the form's props (but `onDone`)
 * plus `open` and `onOpenChange`, and mounts the form while open; the form's `onDone` closes it.
 */
export function formDialog<P extends { onDone: () => void }>(Form: ComponentType<P>, size: 'md' | 'lg' = 'lg') {
  return function RecordDialog({ open, onOpenChange, ...props }: Omit<P, 'onDone'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
    return (
      <FormDialog open={open} onOpenChange={onOpenChange} size={size}>
        <Form {...(props as unknown as P)} onDone={() => onOpenChange(false)} />
      </FormDialog>
    );
  };
}

/**
 * A dialog's form: title and description, the fields, the form's own error (announced), then
 * Cancel and the submit button, which reads `busyLabel` and is unavailable while `busy`.
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  onCancel,
  error,
  submitLabel,
  busy = false,
  busyLabel = 'Saving...',
  disabled = false,
  destructive = false,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  error?: string;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  /** The submit button is unavailable (besides while busy). */
  disabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <FormError message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy || disabled}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A save's success: the "Success" toast with `message`, then `then` (usually closing the form). */
export const succeeded = (message: string, then: () => void) => () => {
  toast.success('Success', { description: message });
  then();
};
