import { useQuery } from '@tanstack/react-query';
import { SelectField } from '@/web/components/module/form-fields';
import { clientOptionsQuery, ownerOptionsQuery } from '../api';

/** The owner: a user with CRM at the entity (the server checks it again). */
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
  const options = useQuery({ ...ownerOptionsQuery(entityId), enabled: entityId !== '' });
  return (
    <SelectField id={id} label="Owner" value={value} onChange={onChange} error={error} disabled={!entityId}>
      <option value="">{isNew ? 'Me' : 'No owner'}</option>
      {(options.data?.items ?? []).map((u) => (
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
}: {
  id: string;
  entityId: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label?: string;
  emptyLabel?: string;
}) {
  const options = useQuery({ ...clientOptionsQuery(entityId), enabled: entityId !== '' });
  return (
    <SelectField id={id} label={label} value={value} onChange={onChange} error={error} disabled={!entityId}>
      <option value="">{emptyLabel}</option>
      {(options.data?.items ?? []).map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
