// The fields of a module's forms: a labelled input or native select with its error message
// (announced, and tied to the control for screen readers), the entity choice of a new record, the
// form's own error, and a record's fields as a description list.
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/utils';
import type { ModuleScopeState } from './module-context';
import { nativeSelect } from './styles';

export type Errors = Record<string, string | undefined>;

/**
 * A form's values and errors, `id` (the prefix of its controls' ids) and `set(key)`: the change
 * handler of that field's control. The values are read once, when the form mounts (dialogs mount
 * their form each time they open).
 */
export function useFormState<V extends object>(initial: V | (() => V)) {
  const id = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  // A field's error goes as soon as the field is changed: it was about the value that is gone.
  const set = (key: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key as string]: _gone, ...rest } = e;
      return rest;
    });
  };
  return { id, values, setValues, set, errors, setErrors };
}

/** A form's first values: each of `defaults`' keys read from the record being edited, where it has a value (not null). */
export function valuesOf<V extends object>(record: { [K in keyof V]?: V[K] | null } | undefined, defaults: V): V {
  const from: Partial<Record<keyof V, unknown>> = record ?? {};
  return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, from[key as keyof V] ?? value])) as V;
}

/** The entities where the user may add records, and the one a new record starts in: the scope's, or the only one. */
export function writableEntities(scope: ModuleScopeState) {
  const writable = scope.entities.filter((e) => scope.can('member', e.id));
  return { writable, initial: scope.entityId ?? (writable.length === 1 ? writable[0]!.id : '') };
}

/** The first message of each field from a zod result, for the form. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const next: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    next[key] ??= issue.message;
  }
  return next;
}

/**
 * zod's own wording ('Unrecognized key: "entityId"', "Invalid input: expected string…", "Too big:
 * …"): it speaks of the schema, not of the user's task. The API answers with it to a body no form
 * of ours sends (the same rule as src/server/security/hostile-input.test.ts).
 */
const SCHEMA_WORDING = /^(Invalid (input|string|option|number|ISO|key|element)\b|Too (small|big):|Unrecognized keys?\b)/;

/**
 * `fieldErrors` for a form that must never show a schema's words: a message goes to the field
 * it names when the form shows that field; any other (a key the schema refuses, a field the form
 * lacks: a fault of the form, not of what was typed) becomes `failed`, a sentence about the task.
 */
export function formErrors(issues: readonly { path: PropertyKey[]; message: string }[], shown: readonly string[], failed: string): Errors {
  const next: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (shown.includes(key) && !SCHEMA_WORDING.test(issue.message)) next[key] ??= issue.message;
    else next.form = failed;
  }
  return next;
}

/** An error to show on a form: the API's sentence, or `failed` instead of a schema's words. */
export const formMessage = (error: Error, failed: string) => (error.message && !SCHEMA_WORDING.test(error.message) ? error.message : failed);

/** A control's id, and its error message (the Field's) tied to it for screen readers. */
export const controlProps = (id: string, error?: string) => ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined });

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
} & Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'type'>) {
  return (
    <Field id={id} label={label} error={error}>
      <Input {...controlProps(id, error)} type={type} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
    </Field>
  );
}

/** A labelled multi-line text box with its error message. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
} & Omit<ComponentProps<'textarea'>, 'id' | 'value' | 'onChange'>) {
  return (
    <Field id={id} label={label} error={error}>
      <Textarea {...controlProps(id, error)} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
    </Field>
  );
}

export function SelectField({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select {...controlProps(id, error)} className={nativeSelect} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {children}
      </select>
    </Field>
  );
}

/** A select's options: each of `values` with its label. */
export function Options<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/** The entity of a new record: a select when the caller may write in several. */
export function EntityField({
  id,
  entities,
  value,
  onChange,
  error,
}: {
  id: string;
  entities: readonly { id: string; name: string }[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  if (entities.length < 2) return null;
  return (
    <SelectField id={id} label="Entity" value={value} onChange={onChange} error={error}>
      <option value="">Choose an entity</option>
      {entities.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name}
        </option>
      ))}
    </SelectField>
  );
}

export function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null;
}

/** A record's fields as a description list. */
export function DetailList({ items, className }: { items: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={cn('grid gap-3 text-sm sm:grid-cols-2', className)}>
      {items.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
