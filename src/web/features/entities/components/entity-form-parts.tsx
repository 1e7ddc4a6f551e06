import { COUNTRIES } from '@/shared/countries';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { ApiError } from '@/web/lib/api';

/** The country choices of spec §2, in order. */
export function CountrySelect({ id, value, onChange, disabled }: { id: string; value: string; onChange: (v: string) => void; disabled?: boolean }) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} className="min-w-0">
        <SelectValue placeholder="Select a country" />
      </SelectTrigger>
      <SelectContent>
        {COUNTRIES.map((c) => (
          <SelectItem key={c} value={c}>
            {c}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The server's words for a duplicate or invalid entity; the spec's generic text otherwise. */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && (error.status === 409 || error.status === 400 || error.status === 404) ? error.message : fallback;
}
