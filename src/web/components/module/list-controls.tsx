import { DownloadIcon, PlusIcon, UploadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { filterParam, type ListFilter, type ListParams } from './list-params';
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

/** A yes-or-no filter: a labelled checkbox, its parameter `true` when ticked. */
export function ListCheckFilter({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2 self-end pb-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** The <search> landmark's grid: the search box wide, the other filters beside it. */
const FILTER_LAYOUTS = [
  'grid gap-1.5 sm:max-w-md',
  'grid gap-3 sm:grid-cols-[2fr_1fr]',
  'grid gap-3 sm:grid-cols-[2fr_1fr_1fr]',
  'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6',
];

/**
 * A list's filters in its <search> landmark, each bound to its URL parameter. A field's id is
 * the record's name and the parameter (`lead-search`, `task-project` for projectId).
 */
export function ListFilters({ name, filters, list }: { name: string; filters: readonly ListFilter[]; list: ListParams }) {
  return (
    <search className={FILTER_LAYOUTS[Math.min(filters.length, FILTER_LAYOUTS.length) - 1]}>
      {filters.map((filter) => {
        const param = filterParam(filter);
        const id = `${name}-${param === 'q' ? 'search' : param.replace(/Id$/, '')}`;
        switch (filter.kind) {
          case 'search':
            return <ListTextFilter key={id} id={id} label="Search" search placeholder={filter.placeholder} value={list.get('q')} onApply={(q) => list.set({ q })} />;
          case 'text':
            return <ListTextFilter key={id} id={id} label={filter.label} value={list.get(param)} onApply={(value) => list.set({ [param]: value })} />;
          case 'check':
            return <ListCheckFilter key={id} id={id} label={filter.label} checked={list.get(param) === 'true'} onChange={(on) => list.set({ [param]: on ? 'true' : undefined })} />;
          case 'select':
            return (
              <ListSelectFilter
                key={id}
                id={id}
                label={filter.label}
                value={list.get(param) ?? ''}
                onChange={(value) => list.set({ [param]: value, ...Object.fromEntries((filter.clears ?? []).map((other) => [other, undefined])) })}
              >
                <option value="">{filter.all}</option>
                {filter.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </ListSelectFilter>
            );
        }
      })}
    </search>
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
