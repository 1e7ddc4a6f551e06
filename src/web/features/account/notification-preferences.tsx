import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EMAIL_MODES, NOTIFICATION_MESSAGES, type EmailMode, type NotificationPreferences } from '@/shared/notifications';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { notificationPreferencesQuery, useSaveNotificationPreferences } from './account-api';

type Preference = NotificationPreferences['items'][number];

const EMAIL_MODE_LABELS: Record<EmailMode, string> = { immediate: 'Immediately', digest: 'Daily digest' };

/** The account page's notification preferences: per category, in the app and by email, and when email comes. */
export function NotificationPreferencesSection() {
  const preferences = useQuery(notificationPreferencesQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Choose what you hear about in the app and by email. Email comes as each notification happens, or once a day in one digest.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : preferences.isError ? (
          <div className="grid justify-items-start gap-3 text-sm">
            <p role="alert">{errorMessage(preferences.error, NOTIFICATION_MESSAGES.loadFailed)}</p>
            <Button variant="outline" onClick={() => void preferences.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <PreferencesForm initial={preferences.data.items} />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ initial }: { initial: Preference[] }) {
  const save = useSaveNotificationPreferences();
  const [items, setItems] = useState(initial);

  const change = (category: Preference['category'], values: Partial<Preference>) =>
    setItems((all) => all.map((p) => (p.category === category ? { ...p, ...values } : p)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { items: items.map(({ category, inApp, email, emailMode }) => ({ category, inApp, email, emailMode })) },
      {
        onSuccess: (saved) => {
          setItems(saved.items);
          toast.success('Success', { description: NOTIFICATION_MESSAGES.saved });
        },
        onError: (e) => toast.error('Error', { description: errorMessage(e, NOTIFICATION_MESSAGES.saveFailed) }),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Notification preferences">
      <div className="divide-y rounded-md border">
        {items.map((p) => (
          <CategoryRow key={p.category} preference={p} onChange={(values) => change(p.category, values)} />
        ))}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </form>
  );
}

/** One category: a group named by its label, so "In the app" is read as "Mentions of me, In the app". */
function CategoryRow({ preference: p, onChange }: { preference: Preference; onChange: (values: Partial<Preference>) => void }) {
  const id = `notify-${p.category}`;
  return (
    <div role="group" aria-labelledby={id} className="grid gap-3 p-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
      <h3 id={id} className="text-sm font-medium">
        {p.label}
      </h3>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <span className="flex items-center gap-2">
          <Checkbox id={`${id}-in-app`} checked={p.inApp} onCheckedChange={(checked) => onChange({ inApp: checked === true })} />
          <Label htmlFor={`${id}-in-app`}>In the app</Label>
        </span>
        <span className="flex items-center gap-2">
          <Checkbox id={`${id}-email`} checked={p.email} onCheckedChange={(checked) => onChange({ email: checked === true })} />
          <Label htmlFor={`${id}-email`}>By email</Label>
        </span>
        {/* When email comes matters only while it comes at all. */}
        <div role="radiogroup" aria-label="Email timing" className={cn('flex items-center gap-4', !p.email && 'opacity-60')}>
          {EMAIL_MODES.map((mode) => (
            <span key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                id={`${id}-${mode}`}
                name={`${id}-email-mode`}
                className="size-4 accent-primary"
                disabled={!p.email}
                checked={p.emailMode === mode}
                onChange={() => onChange({ emailMode: mode })}
              />
              <Label htmlFor={`${id}-${mode}`}>{EMAIL_MODE_LABELS[mode]}</Label>
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
