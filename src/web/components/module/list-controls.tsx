import { DownloadIcon, PlusIcon, UploadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { nativeSelect } from './styles';

/**
 * The controls above a module's list (inside its <search> landmark): text filters, select
 * filters, and the list's actions. Their values live in the URL (list-params.ts).
 */

/**
 * A text filter (the search box, or a field like Department): applied on Enter or when focus
 * leaves it, not on every key, since each change is a request.
 */
export function ListTextFilter({
  id,
  label,
  value,
  onApply,
  search = false,
  placeholder,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onApply: (value: string) => void;
  /** A search box (type="search": a clear button and the search keyboard on phones). */
  search?: boolean;
  placeholder?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={search ? 'search' : 'text'}
        placeholder={placeholder}
        defaultValue={value ?? ''}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onApply(e.currentTarget.value.trim());
        }}
        onBlur={(e) => {
          const next = e.currentTarget.value.trim();
          if (next !== (value ?? '')) onApply(next);
        }}
      />
    </div>
  );
}

/** A select filter: a labelled native select (its first option is usually "All …"). */
export function ListSelectFilter({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={nativeSelect} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

/**
 * A list's actions: Export CSV (of the list as filtered), and Import CSV and Add when the
 * caller may (leave out the handler to leave out the button).
 */
export function ListActions({ exportHref, onImport, addLabel, onAdd }: { exportHref: string; onImport?: () => void; addLabel?: string; onAdd?: () => void }) {
  return (
    <>
      <Button asChild variant="outline">
        <a href={exportHref} download>
          <DownloadIcon aria-hidden />
          Export CSV
        </a>
      </Button>
      {onImport ? (
        <Button variant="outline" onClick={onImport}>
          <UploadIcon aria-hidden />
          Import CSV
        </Button>
      ) : null}
      {onAdd && addLabel ? (
        <Button onClick={onAdd}>
          <PlusIcon aria-hidden />
          {addLabel}
        </Button>
      ) : null}
    </>
  );
}
