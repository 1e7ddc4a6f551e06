import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SelectField } from '@/web/components/module/form-fields';
import { nativeSelect } from '@/web/components/module/styles';
import { Field } from '@/web/components/ui/field';
import { useCurrentUser } from '@/web/lib/session';
import { clientOptionsQuery, ownerOptionsQuery } from '../api';

/**
 * The owner: a user with CRM at the entity (the server checks it again). A new record without a
 * chosen owner is the creator's, offered as "Me": the signed-in user is then not listed a second
 * time under their name.
 */
export function OwnerSelect({
  id,
  entityId,
  value,
  onChange,
  error,
  isNew,
}: {
  id: string;
  entityId: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** A new record without a chosen owner is the creator's. */
  isNew?: boolean;
}) {
  const me = useCurrentUser();
  const options = useQuery({ ...ownerOptionsQuery(entityId), enabled: entityId !== '' });
  const others = (options.data?.items ?? []).filter((u) => !(isNew && u.id === me.id));
  return (
    <SelectField id={id} label="Owner" value={value} onChange={onChange} error={error} disabled={!entityId}>
      <option value="">{isNew ? 'Me' : 'No owner'}</option>
      {others.map((u) => (
        <option key={u.id} value={u.id}>
          {u.name}
        </option>
      ))}
    </SelectField>
  );
}

export function ClientSelect({
  id,
  entityId,
  value,
  onChange,
  error,
  label = 'Client',
  emptyLabel = 'No client',
  pinned,
  description,
}: {
  id: string;
  entityId: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label?: string;
  emptyLabel?: string;
  /** A client listed first (the one a lead's conversion proposes), whether or not it is among the first 100 by name. */
  pinned?: { id: string; name: string; label: string };
  /** A hint under the select, read with it by screen readers. */
  description?: ReactNode;
}) {
  const options = useQuery({ ...clientOptionsQuery(entityId), enabled: entityId !== '' });
  const describedBy = [error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        className={nativeSelect}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={!entityId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        <option value="">{emptyLabel}</option>
        {pinned ? <option value={pinned.id}>{pinned.label}</option> : null}
        {(options.data?.items ?? [])
          .filter((c) => c.id !== pinned?.id)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
      </select>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
    </Field>
  );
}
