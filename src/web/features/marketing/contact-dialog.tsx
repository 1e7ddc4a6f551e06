import { useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import type { ContactIntent, ContactRequest } from './contact-request';
import { SALES_EMAIL } from './content';
import { Textarea } from '@/web/components/ui/textarea';

export const CONTACT_COPY: Record<ContactIntent, { title: string; lead: string; subject: string }> = {
  demo: {
    title: 'Book a demo',
    lead: 'Tell us a little about your team and we will set up a walkthrough of the modules you care about.',
    subject: 'Demo request',
  },
  sales: {
    title: 'Talk to sales',
    lead: 'Questions about modules, pricing or rollout? Tell us who you are and what you need.',
    subject: 'Sales enquiry',
  },
  quote: {
    title: 'Request a custom quote',
    lead: 'Teams over 1,000 users get a custom quote. Tell us about your organization and we will prepare one.',
    subject: 'Custom quote request',
  },
};

interface Values {
  name: string;
  email: string;
  company: string;
  message: string;
}
type Errors = Partial<Record<keyof Values, string>>;

export const CONTACT_ERRORS = {
  name: 'Please enter your name',
  email: 'Please enter a valid work email',
  company: 'Please enter your company',
} as const;

function validate(v: Values): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = CONTACT_ERRORS.name;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = CONTACT_ERRORS.email;
  if (!v.company.trim()) errors.company = CONTACT_ERRORS.company;
  return errors;
}

/** The email the visitor's mail app opens with: everything they typed, addressed to sales. */
export function contactMailto(intent: ContactIntent, v: Values): string {
  const subject = `${CONTACT_COPY[intent].subject} from ${v.company.trim()}`;
  const body = [`Name: ${v.name.trim()}`, `Work email: ${v.email.trim()}`, `Company: ${v.company.trim()}`, '', v.message.trim()]
    .join('\n')
    .trimEnd();
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

const openInMailApp = (href: string) => window.location.assign(href);

/**
 * There is no sales backend: the form composes an email to sales in the visitor's own mail app,
 * and says so before they type anything.
 */
export function ContactDialog({
  open,
  onOpenChange,
  request,
  onCloseAutoFocus,
  openMailto = openInMailApp,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: ContactRequest;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
  openMailto?: (href: string) => void;
}) {
  const copy = CONTACT_COPY[request.intent];
  const id = useId();
  const [values, setValues] = useState<Values>({ name: '', email: '', company: '', message: request.message ?? '' });
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const firstInvalid = (['name', 'email', 'company'] as const).find((k) => found[k]);
    if (firstInvalid) {
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${firstInvalid}`)}`)?.focus();
      return;
    }
    openMailto(contactMailto(request.intent, values));
    const firstName = values.name.trim().split(/\s+/)[0];
    toast.success(`Thanks, ${firstName}!`, {
      description: `Your email app is opening with a message to ${SALES_EMAIL}. Send it and our team will be in touch.`,
    });
    onOpenChange(false);
  };

  const field = (key: keyof Values) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: set(key),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-[425px]"
        // Start in the first field, not on the email link in the description.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          nameInput.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>
            {copy.lead} Continuing opens a pre-filled email to{' '}
            <a className="font-medium text-primary underline underline-offset-2" href={`mailto:${SALES_EMAIL}`}>
              {SALES_EMAIL}
            </a>{' '}
            in your email app; nothing is sent until you send it.
          </DialogDescription>
        </DialogHeader>
        <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={copy.title}>
          <Field id={`${id}-name`} label="Full name" error={errors.name}>
            <Input ref={nameInput} autoComplete="name" {...field('name')} />
          </Field>
          <Field id={`${id}-email`} label="Work email" error={errors.email}>
            <Input type="email" autoComplete="email" {...field('email')} />
          </Field>
          <Field id={`${id}-company`} label="Company" error={errors.company}>
            <Input autoComplete="organization" {...field('company')} />
          </Field>
          <Field id={`${id}-message`} label="Message (optional)">
            <Textarea
              rows={4}
              {...field('message')}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">
              <Mail aria-hidden />
              Open email to sales
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
