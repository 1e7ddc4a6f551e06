import { nativeSelect } from '@/web/components/module/styles';
import { Label } from '@/web/components/ui/label';

/** The years offered around the one shown (two back, one ahead: each choice moves the window), and this year. */
export function nearYears(shown: number, thisYear = new Date().getUTCFullYear()) {
  const years = new Set([shown - 2, shown - 1, shown, shown + 1, thisYear]);
  return [...years].sort((a, b) => a - b);
}

/** A year chooser with a visible label (balances, holidays). */
export function YearSelect({ id, label = 'Year', value, onChange }: { id: string; label?: string; value: number; onChange: (year: number) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm">
        {label}
      </Label>
      <select id={id} className={`${nativeSelect} h-9 w-28`} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {nearYears(value).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}
